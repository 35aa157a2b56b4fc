"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { submitReviewedBatch } from "@/lib/batches/submit";
import { getDatabase } from "@/lib/db/connection";
import { mutationAction, idSchema, refused } from "@/lib/actions/action";

/**
 * Submits a reviewed batch: through the approval rules as one submission with its total (a
 * production batch always waits for a person), else it starts sending now.
 */
export const submitBatch = mutationAction({
  name: "submitBatch",
  permission: "batches:manage",
  // `fundingFirst`: the submitter knows a currency's total is over the balance and says it will be funded before it runs.
  input: z.object({ batchId: idSchema, fundingFirst: z.boolean().optional() }),
  run: async ({ batchId, fundingFirst }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    const { db } = await getDatabase();
    const outcome = await submitReviewedBatch(db, found.batch, actor, { fundingFirst });
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
