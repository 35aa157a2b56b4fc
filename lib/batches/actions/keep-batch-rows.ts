"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { keepRows } from "@/lib/batches/review-rows";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/**
 * Keeps flagged rows of a batch under review (issue 44): a repeat of an earlier row, or a row far
 * above the file's usual amount, is sent only once someone looked at it and said so. Audited.
 */
export const keepBatchRows = consoleAction({
  name: "keepBatchRows",
  permission: "batches:manage",
  input: z.object({
    batchId: idSchema,
    rowNos: z.array(z.number().int().min(1).max(1000)).min(1).max(1000),
  }),
  run: async ({ batchId, rowNos }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    const { db } = await getDatabase();
    const changed = await keepRows(db, batchId, rowNos);
    if (changed === 0)
      return {
        ...refused("not_editable", "This batch was submitted: its rows can no longer change."),
        audit: { targetId: batchId },
      };
    return {
      ok: true,
      data: { changed },
      audit: { targetId: batchId, environment, detail: `kept flagged rows ${rowNos.slice(0, 20).join(", ")}` },
    };
  },
});
