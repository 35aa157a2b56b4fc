"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { setIncluded, requeueQuotes } from "@/lib/batches/review-rows";
import { kickBatchWorker } from "@/lib/batches/worker";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Drops rows from a batch under review, or takes dropped rows back. */
export const setBatchRowsIncluded = consoleAction({
  name: "setBatchRowsIncluded",
  permission: "batches:manage",
  input: z.object({
    batchId: idSchema,
    rowNos: z.array(z.number().int().min(1).max(1000)).min(1).max(1000),
    included: z.boolean(),
  }),
  run: async ({ batchId, rowNos, included }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    const { db } = await getDatabase();
    const changed = await setIncluded(db, batchId, rowNos, included);
    if (changed === 0)
      return {
        ...refused("not_editable", "This batch was submitted: its rows can no longer change."),
        audit: { targetId: batchId },
      };
    // A row taken back may never have been priced.
    if (included) {
      await requeueQuotes(db, batchId);
      kickBatchWorker();
    }
    return {
      ok: true,
      data: { changed },
      audit: {
        targetId: batchId,
        environment,
        detail: `${included ? "kept" : "dropped"} rows ${rowNos.slice(0, 20).join(", ")}${rowNos.length > 20 ? "…" : ""}`,
      },
    };
  },
});
