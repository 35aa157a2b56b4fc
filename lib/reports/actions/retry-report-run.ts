"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { retryRun } from "@/lib/reports/store";
import { kickReportWorker } from "@/lib/reports/worker";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Runs a failed report again. */
export const retryReportRun = consoleAction({
  name: "retryReportRun",
  permission: "reports:run",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { environment }) => {
    const { db } = await getDatabase();
    if (!(await retryRun(db, environment, id))) return refused("not_failed", "Only a failed run is run again.");
    kickReportWorker();
    return { ok: true, data: { id }, audit: { targetId: id, environment } };
  },
});
