"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { submitReviewedBatch } from "@/lib/batches/submit";
import { getDatabase } from "@/lib/db/connection";
import { mutationAction, idSchema, refused } from "./action";

/**
 * Submits a reviewed batch: through the approval rules as one submission with its total (a
 * production batch always waits for a person), else it starts sending now.
 */
export const submitBatch = mutationAction({
  name: "submitBatch",
  permission: "batches:manage",
  input: z.object({ batchId: idSchema }),
  run: async ({ batchId }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    const { db } = await getDatabase();
    const outcome = await submitReviewedBatch(db, found.batch, actor);
    if (!outcome.ok) return { ...refused(outcome.code, outcome.message), audit: { targetId: batchId } };
    return {
      ok: true,
      data: { held: outcome.held },
      audit: {
        targetId: batchId,
        environment,
        detail: outcome.held ? `held as ${outcome.held.submissionId}` : "sending",
      },
    };
  },
});
