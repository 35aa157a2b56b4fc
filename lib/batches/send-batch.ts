import "server-only";
import { finishBatch } from "./notices";
import { payeeOf } from "./rows";
import type { Executor } from "@/lib/db/database";
import { recordDisbursement } from "@/lib/disbursements/store";
import { env } from "@/lib/env";
import { disbursementSchema } from "@/lib/schemas/disbursement";
import { inParallel } from "./dry-run";
import { Pacer } from "./pacer";
import { sendRow } from "./send-row";
import { notePaid } from "@/lib/approvals/money-calls";
import type { BatchRow } from "./store";
import { markSending, recordSend, rowsToSend } from "./work-queue";

const CHUNK = 8;
const PARALLEL = 4;

/** The Idempotency-Key of a row: the batch's id and the row number, the same on every try of it. */
export const rowKey = (batchId: string, rowNo: number, attempt = 0) =>
  attempt === 0 ? `batch_${batchId}_${rowNo}` : `batch_${batchId}_${rowNo}_retry${attempt}`;

/**
 * Sends an approved batch (issue 32, decisions D20.4): rows in file order, a few at a time, each
 * marked `sending` before its call and recorded after it. After a crash, rows still `sending`
 * go again with the same key, so the API replays its first answer instead of creating twice. A
 * 429 waits (pacer); an unreachable API pauses the batch (the next claim resumes it).
 */
export async function sendBatch(
  db: Executor,
  batch: BatchRow,
  keepAlive: () => Promise<boolean>,
): Promise<"done" | "paused"> {
  const pacer = new Pacer(env().BATCH_SENDS_PER_SECOND);
  for (;;) {
    if (!(await keepAlive())) return "paused";
    const rows = await rowsToSend(db, batch.id, CHUNK);
    if (rows.length === 0) {
      await finishBatch(db, batch);
      return "done";
    }
    await markSending(
      db,
      batch.id,
      rows.map((r) => r.rowNo),
    );
    let paused = false;
    await inParallel(rows, env().BATCH_SENDS_PER_SECOND > 0 ? 1 : PARALLEL, async (row) => {
      if (paused) return;
      const outcome = await sendRow(
        batch.environment,
        batch.kind,
        row.body,
        rowKey(batch.id, row.rowNo, row.sendAttempt),
        pacer,
        keepAlive,
      );
      if (outcome.state === "paused") {
        paused = true;
        return;
      }
      await recordSend(db, batch.id, row.rowNo, outcome);
      // A row sent is a payment to its destination: its cooling-off is over for good (issue 43).
      const destination = outcome.state === "sent" ? payeeOf(batch.kind, row.body) : null;
      if (destination) await notePaid(db, batch.environment, destination);
      if (outcome.state === "sent" && batch.kind === "disbursement") {
        const parsed = disbursementSchema.safeParse(outcome.data);
        if (parsed.success)
          await recordDisbursement(db, batch.environment, parsed.data, batch.submittedByEmail ?? batch.createdByEmail);
      }
    });
    if (paused) return "paused";
  }
}
