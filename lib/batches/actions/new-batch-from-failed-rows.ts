"use server";

import { newBatchFromFailedRows as followUp } from "@/lib/batches/follow-up";
import { refused } from "@/lib/actions/action";
import { batchAction } from "@/lib/batches/actions/batch-action";

/**
 * "New batch from failed rows" (issue 44): the failed rows of a finished batch become a new
 * batch in review; the old one keeps its results and can no longer retry those rows itself.
 */
export const newBatchFromFailedRows = batchAction({
  name: "newBatchFromFailedRows",
  permission: "batches:manage",
  run: async (batch, { environment, actor, db, batchId }) => {
    const made = await followUp(db, batch, actor);
    if (!made.ok) return { ...refused(made.code, made.message), audit: { targetId: batchId } };
    return {
      ok: true,
      data: { id: made.id, rows: made.rows },
      audit: { targetId: batchId, environment, detail: `${made.rows} failed rows into batch ${made.id}` },
    };
  },
});
