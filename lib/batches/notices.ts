import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { queueNotices } from "@/lib/notices/queue";
import { type BatchRow, batchStates, moveBatch } from "./store";

/**
 * A batch finished sending (issue 64): it is marked done and the person who uploaded it and the
 * one who submitted it hear how it ended (sent, partly sent, failed, with the rows' counts), in one
 * transaction, so only the instance that finished it tells of it. False when another had already.
 */
export async function finishBatch(db: Executor, batch: BatchRow): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await moveBatch(tx, batch.id, ["sending"], "done", { finishedAt: new Date() }))) return false;
    const progress = (await batchStates(tx, [batch.id])).get(batch.id)?.progress ?? { sent: 0, refused: 0, failed: 0 };
    // `failed` counts the refused and those whose result failed afterwards (ROW_FAILED); `sent`, every row the service took.
    const failedAfter = progress.failed - progress.refused;
    const paid = progress.sent - failedAfter;
    const unsent = progress.failed;
    const outcome = unsent === 0 ? "sent" : paid === 0 ? "failed" : "partly sent";
    const tag = batch.environment === "production" ? "[production] " : "";
    await queueNotices(
      tx,
      "batch_finished",
      batch.id,
      sql`(u.id = ${batch.createdBy} or u.email = ${batch.submittedByEmail ?? ""})`,
      {
        subject: `${tag}Batch ${outcome}: ${batch.fileName}`,
        body: [
          `${batch.fileName} (${batch.environment === "production" ? "production" : "the sandbox"}) finished sending.`,
          `${paid} row${paid === 1 ? "" : "s"} sent, ${progress.refused} refused by the service, ${failedAfter} failed after sending.`,
          unsent > 0 ? "Its page lists the rows that did not go and can make a new batch of them." : "Every row went.",
        ].join("\n"),
        path: `/batches/${encodeURIComponent(batch.id)}`,
      },
    );
    return true;
  });
}
