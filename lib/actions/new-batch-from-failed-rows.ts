"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { newBatchFromFailedRows as followUp } from "@/lib/batches/follow-up";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "./action";

/**
 * "New batch from failed rows" (issue 44): the failed rows of a finished batch become a new
 * batch in review; the old one keeps its results and can no longer retry those rows itself.
 */
export const newBatchFromFailedRows = consoleAction({
  name: "newBatchFromFailedRows",
  permission: "batches:manage",
  input: z.object({ batchId: idSchema }),
  run: async ({ batchId }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    const { db } = await getDatabase();
    const made = await followUp(db, found.batch, actor);
    if (!made.ok) return { ...refused(made.code, made.message), audit: { targetId: batchId } };
    return {
      ok: true,
      data: { id: made.id, rows: made.rows },
      audit: { targetId: batchId, environment, detail: `${made.rows} failed rows into batch ${made.id}` },
    };
  },
});
