"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { periodSchema } from "@/lib/reconciliation/period";
import { REPORT_FORMATS, REPORT_IDS } from "@/lib/reports/catalog";
import { queueRun } from "@/lib/reports/store";
import { kickReportWorker } from "@/lib/reports/worker";
import { consoleAction } from "@/lib/actions/action";

/** Queues a report for a month in the chosen format; an instance's worker makes it (the Reports page follows it). */
export const queueReport = consoleAction({
  name: "queueReport",
  permission: "reports:run",
  input: z.object({ definition: z.enum(REPORT_IDS), period: periodSchema, format: z.enum(REPORT_FORMATS) }),
  run: async (input, { environment, actor }) => {
    const { db } = await getDatabase();
    const run = await queueRun(db, environment, input, actor.email);
    kickReportWorker();
    return {
      ok: true,
      data: { id: run.id },
      audit: { targetId: run.id, environment, detail: `${input.definition} ${input.period} ${input.format}` },
    };
  },
});
