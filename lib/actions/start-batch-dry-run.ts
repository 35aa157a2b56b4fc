"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { progressOf } from "@/lib/batches/tallies";
import { queueDryRun } from "@/lib/batches/work-queue";
import { kickBatchWorker } from "@/lib/batches/worker";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "./action";

/** Queues the batch's dry run in sandbox (any instance's worker runs it; the page follows its progress). */
export const startBatchDryRun = consoleAction({
  name: "startBatchDryRun",
  permission: "batches:manage",
  input: z.object({ batchId: idSchema }),
  run: async ({ batchId }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    const { db } = await getDatabase();
    const progress = await progressOf(db, batchId);
    if (progress.included - progress.invalid === 0)
      return refused("no_rows", "No row without problems to try: fix or keep some rows first.");
    if (!(await queueDryRun(db, batchId)))
      return {
        ...refused("not_now", "A dry run is already going, or the batch was submitted."),
        audit: { targetId: batchId },
      };
    kickBatchWorker();
    return { ok: true, data: { queued: true }, audit: { targetId: batchId, environment } };
  },
});
