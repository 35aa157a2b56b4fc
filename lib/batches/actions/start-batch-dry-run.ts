"use server";

import { progressOf } from "@/lib/batches/tallies";
import { queueDryRun } from "@/lib/batches/work-queue";
import { kickBatchWorker } from "@/lib/batches/worker";
import { refused } from "@/lib/actions/action";
import { batchAction } from "@/lib/batches/actions/batch-action";

/** Queues the batch's dry run in sandbox (any instance's worker runs it; the page follows its progress). */
export const startBatchDryRun = batchAction({
  name: "startBatchDryRun",
  permission: "batches:manage",
  run: async (_batch, { environment, db, batchId }) => {
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
