"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { periodSchema } from "@/lib/reconciliation/period";
import { monthsBetween } from "@/lib/reports/cadence";
import { REPORT_FORMATS, REPORT_IDS } from "@/lib/reports/catalog";
import { queueRun } from "@/lib/reports/store";
import { kickReportWorker } from "@/lib/reports/worker";
import { consoleAction, refused } from "@/lib/actions/action";

/** Queues a report for every month of a range (at most 24), oldest first. */
export const backfillReports = consoleAction({
  name: "backfillReports",
  permission: "reports:run",
  input: z.object({
    definition: z.enum(REPORT_IDS),
    format: z.enum(REPORT_FORMATS),
    from: periodSchema,
    to: periodSchema,
  }),
  run: async ({ definition, format, from, to }, { environment, actor }) => {
    if (to < from) return refused("invalid_input", "The range ends before it starts.", { to: "Before the start" });
    const list = monthsBetween(from, to);
    if (list.length > 24) return refused("invalid_input", "At most 24 months at once.", { from: "Too far back" });
    const { db } = await getDatabase();
    for (const period of list) await queueRun(db, environment, { definition, period, format }, actor.email);
    kickReportWorker();
    return {
      ok: true,
      data: { queued: list.length },
      audit: { environment, detail: `${definition} ${from}..${to} ${format}` },
    };
  },
});
