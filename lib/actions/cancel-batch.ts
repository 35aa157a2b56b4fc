"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { moveBatch } from "@/lib/batches/store";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "./action";

/** Discards a batch under review: nothing of it is sent; the file stays as its receipt. */
export const cancelBatch = consoleAction({
  name: "cancelBatch",
  permission: "batches:manage",
  input: z.object({ batchId: idSchema }),
  run: async ({ batchId }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    const { db } = await getDatabase();
    if (!(await moveBatch(db, batchId, ["review"], "cancelled", { finishedAt: new Date() }))) {
      return { ...refused("not_now", "Only a batch under review can be discarded."), audit: { targetId: batchId } };
    }
    return { ok: true, data: { id: batchId }, audit: { targetId: batchId, environment } };
  },
});
