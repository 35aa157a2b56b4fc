"use server";

import { z } from "@/lib/schemas/zod";
import { batchFor } from "@/lib/batches/access";
import { checkBatch } from "@/lib/batches/check";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/**
 * The dry run in the batch's own environment (issue 44): what submitting would meet (rows,
 * prices, balance, cooling-off, the daily limit, the approval rule), with nothing sent and
 * nothing written. The sandbox rehearsal is startBatchDryRun.
 */
export const dryRunBatch = consoleAction({
  name: "dryRunBatch",
  permission: "batches:manage",
  input: z.object({ batchId: idSchema }),
  run: async ({ batchId }, { environment, actor }) => {
    const found = await batchFor(environment, actor, batchId);
    if (!found.ok) return { ...found, audit: { targetId: batchId } };
    if (found.batch.status !== "review")
      return { ...refused("not_now", "This batch was submitted: its dry run is over."), audit: { targetId: batchId } };
    const { db } = await getDatabase();
    const report = await checkBatch(db, found.batch, actor);
    return { ok: true, data: report, audit: { targetId: batchId, environment } };
  },
});
