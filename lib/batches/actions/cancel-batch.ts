"use server";

import { moveBatch } from "@/lib/batches/store";
import { refused } from "@/lib/actions/action";
import { batchAction } from "@/lib/batches/actions/batch-action";

/** Discards a batch under review: nothing of it is sent; the file stays as its receipt. */
export const cancelBatch = batchAction({
  name: "cancelBatch",
  permission: "batches:manage",
  run: async (_batch, { environment, db, batchId }) => {
    if (!(await moveBatch(db, batchId, ["review"], "cancelled", { finishedAt: new Date() }))) {
      return { ...refused("not_now", "Only a batch under review can be discarded."), audit: { targetId: batchId } };
    }
    return { ok: true, data: { id: batchId }, audit: { targetId: batchId, environment } };
  },
});
