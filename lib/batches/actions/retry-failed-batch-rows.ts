"use server";

import { retryFailedRows } from "@/lib/batches/review-rows";
import { refused } from "@/lib/actions/action";
import { batchAction } from "@/lib/batches/actions/batch-action";

/**
 * "Retry failed rows" (issue 44): after a top-up or a fix, the failed rows of a finished batch
 * are put back for review, to be submitted again through the same checks, rules and approvals;
 * a row that was paid is never sent again.
 */
export const retryFailedBatchRows = batchAction({
  name: "retryFailedBatchRows",
  permission: "batches:manage",
  run: async (_batch, { environment, db, batchId }) => {
    const rows = await retryFailedRows(db, batchId);
    if (rows === 0)
      return {
        ...refused("nothing_to_retry", "Only a finished batch with failed rows can be retried."),
        audit: { targetId: batchId },
      };
    return {
      ok: true,
      data: { rows },
      audit: { targetId: batchId, environment, detail: `${rows} failed rows back for review` },
    };
  },
});
