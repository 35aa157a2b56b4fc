"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { editRow, requeueQuotes } from "@/lib/batches/review-rows";
import { kickBatchWorker } from "@/lib/batches/worker";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** A row corrected in the review table: its cells replaced and checked again like an uploaded row. */
export const editBatchRow = consoleAction({
  name: "editBatchRow",
  permission: "batches:manage",
  input: z.object({
    batchId: idSchema,
    rowNo: z.number().int().min(1).max(1000),
    cells: z.array(z.string().max(4096)).max(64),
  }),
  run: async ({ batchId, rowNo, cells }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    if (cells.length !== found.batch.header.length)
      return refused("invalid_input", `A row of this file has ${found.batch.header.length} cells.`);
    const { db } = await getDatabase();
    const row = await editRow(db, found.batch, rowNo, cells);
    if (!row)
      return {
        ...refused("not_editable", "This batch was submitted: its rows can no longer change."),
        audit: { targetId: batchId },
      };
    await requeueQuotes(db, batchId);
    kickBatchWorker();
    return {
      ok: true,
      data: { rowNo, problems: row.problems },
      audit: { targetId: batchId, environment, detail: `row ${rowNo}` },
    };
  },
});
