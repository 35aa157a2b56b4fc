"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { retryFailedRows } from "@/lib/batches/review-rows";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "./action";

/**
 * "Retry failed rows" (issue 44): after a top-up or a fix, the failed rows of a finished batch
 * are put back for review, to be submitted again through the same checks, rules and approvals;
 * a row that was paid is never sent again.
 */
export const retryFailedBatchRows = consoleAction({
  name: "retryFailedBatchRows",
  permission: "batches:manage",
  input: z.object({ batchId: idSchema }),
  run: async ({ batchId }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    const { db } = await getDatabase();
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
