"use server";

import { maskUrlSecrets } from "@/lib/schemas/mask";
import { outgoingPolicy } from "@/lib/http/outgoing-policy";
import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import { CADENCES } from "@/lib/reports/cadence";
import { REPORT_FORMATS, REPORT_IDS } from "@/lib/reports/catalog";
import { createSchedule } from "@/lib/reports/schedules";
import { kickReportWorker } from "@/lib/reports/worker";
import { webhookUrlProblem } from "@/lib/http/url-guard";
import { consoleAction, refused } from "@/lib/actions/action";

/**
 * Schedules a report (daily, weekly or monthly, at midnight in the merchant's time zone),
 * optionally delivered as a signed webhook to a URL checked as webhook endpoints are; its secret
 * is shown this once.
 */
export const createReportSchedule = consoleAction({
  name: "createReportSchedule",
  permission: "reports:run",
  input: z.object({
    definition: z.enum(REPORT_IDS),
    format: z.enum(REPORT_FORMATS),
    cadence: z.enum(CADENCES),
    webhookUrl: z.string().trim().max(2000).default(""),
    runNow: z.boolean().default(false),
  }),
  run: async (input, { environment, actor }) => {
    const url = input.webhookUrl || null;
    if (url) {
      // The same rule as webhook endpoints: a hosted console's sandbox never reaches its own host.
      const problem = await webhookUrlProblem(url, outgoingPolicy(environment)).catch(
        (e: Error) => `cannot be resolved: ${e.message}`,
      );
      if (problem) return refused("invalid_webhook_url", `Webhook URL: ${problem}`, { webhookUrl: problem });
    }
    const { db } = await getDatabase();
    const made = await createSchedule(
      db,
      environment,
      { ...input, webhookUrl: url, timeZone: env().MERCHANT_TIME_ZONE },
      actor.email,
    );
    if (input.runNow) kickReportWorker();
    return {
      ok: true,
      data: { id: made.schedule.id, secret: made.secret, nextRunAt: made.schedule.nextRunAt },
      audit: {
        targetId: made.schedule.id,
        environment,
        detail: `${input.definition} ${input.cadence} ${input.format}${url ? ` → ${maskUrlSecrets(url)}` : ""}`,
      },
    };
  },
});
