import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { checkRow, duplicatesOf, oversizeRows, payeeLabel } from "./rows";
import { batches, batchRows } from "./schema";
import type { BatchKind } from "./templates";
import { OVERSIZE_FACTOR, rowFailed } from "./outcome";
import type { BatchRowView, RowFilter } from "./types";
import { ROW_FAILED } from "./row-failed-sql";
import { moveBatch, type BatchLine, type BatchRow } from "./store";

/** A batch's rows while people review them: read, filtered, edited, dropped, kept, retried (decisions D20). */

/** Every row of a batch, with what each repeats; duplicates are read over the whole file (at most 1,000 rows). */
export async function rowsOf(db: Executor, id: string, kind: BatchKind): Promise<BatchRowView[]> {
  const rows = await db.select().from(batchRows).where(eq(batchRows.batchId, id)).orderBy(asc(batchRows.rowNo));
  const repeats = duplicatesOf(
    rows.map((r) => ({ payee: r.payee, currency: r.currency, amount: r.amount, rowNo: r.rowNo, included: r.included })),
  );
  const oversize = oversizeRows(
    rows.filter((r) => r.problems.length === 0),
    OVERSIZE_FACTOR,
  );
  const views = rows.map(
    (r): BatchRowView => ({
      rowNo: r.rowNo,
      line: r.line,
      cells: r.cells,
      edited: r.edited,
      payee: payeeLabel(kind, r.body),
      problems: r.problems,
      currency: r.currency,
      amount: r.amount,
      included: r.included,
      duplicateOf: repeats.get(r.rowNo) ?? null,
      oversize: oversize.has(r.rowNo),
      kept: r.kept,
      sendAttempt: r.sendAttempt,
      dryRun: r.dryRun,
      quote: r.quote,
      sendState: r.sendState,
      resultId: r.resultId,
      resultStatus: r.resultStatus,
      failure: r.failure,
    }),
  );
  return views;
}

/** The rows a batch page lists under a filter (pure: the whole file is read once, then filtered). */
export function filterRows(views: BatchRowView[], filter: RowFilter): BatchRowView[] {
  switch (filter) {
    case "problems":
      return views.filter((v) => v.problems.length > 0 && v.included);
    case "dropped":
      return views.filter((v) => !v.included);
    case "failed":
      // The same rows as the Failed counter once sent (issue 44); before that, those the dry run saw fail.
      return views.filter((v) => rowFailed(v) || (v.sendState === "waiting" && v.dryRun !== null && !v.dryRun.ok));
    case "duplicates":
      return views.filter((v) => v.duplicateOf !== null);
    default:
      return views;
  }
}

/** A row corrected in the review table: checked again like an uploaded one. Only while the batch is in review. */
export async function editRow(
  db: Executor,
  batch: BatchRow,
  rowNo: number,
  cells: string[],
): Promise<BatchLine | null> {
  const checked = checkRow(batch.kind, batch.header, cells);
  const [row] = await db
    .update(batchRows)
    .set({
      cells,
      edited: true,
      kept: false,
      body: checked.body,
      problems: checked.problems,
      currency: checked.currency,
      amount: checked.amount,
      payee: checked.payee,
      dryRun: null,
      quote: null,
    })
    .where(
      and(
        eq(batchRows.batchId, batch.id),
        eq(batchRows.rowNo, rowNo),
        eq(batchRows.sendState, "waiting"),
        sql`exists (select 1 from console_batches b where b.id = ${batch.id} and b.status = 'review' for share)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Drops rows from the batch, or takes them back. Only while the batch is in review. */
export async function setIncluded(db: Executor, batchId: string, rowNos: number[], included: boolean): Promise<number> {
  if (rowNos.length === 0) return 0;
  const rows = await db
    .update(batchRows)
    .set({ included })
    .where(
      and(
        eq(batchRows.batchId, batchId),
        inArray(batchRows.rowNo, rowNos),
        eq(batchRows.sendState, "waiting"),
        sql`exists (select 1 from console_batches b where b.id = ${batchId} and b.status = 'review' for share)`,
      ),
    )
    .returning({ rowNo: batchRows.rowNo });
  return rows.length;
}

/**
 * "Retry failed rows" (issue 44): a finished batch with failed rows goes back to review with
 * only those rows waiting again, each under a new Idempotency-Key; rows that were paid stay as
 * they are and are never sent again. Submitting it then goes through the same checks, rules and
 * approvals. 0 when the batch was not finished or had no failed row (it stays as it was).
 */
export async function retryFailedRows(db: Executor, batchId: string): Promise<number> {
  // Not once its failed rows went into a new batch (followed_by): they are sent one way, never both.
  const moved = await db
    .update(batches)
    .set({ status: "review", submissionId: null, submittedAt: null, sendingAt: null, finishedAt: null })
    .where(and(eq(batches.id, batchId), eq(batches.status, "done"), sql`${batches.followedBy} is null`))
    .returning({ id: batches.id });
  if (moved.length === 0) return 0;

  const rows = await queryRows<{ row_no: number }>(
    db,
    sql`update console_batch_rows set send_state = 'waiting', send_attempt = send_attempt + 1, result_id = null,
          result_status = null, http_status = null, failure = null, sent_at = null, checked_at = null, result_final = null
        where batch_id = ${batchId} and ${ROW_FAILED} returning row_no`,
  );
  if (rows.length === 0) await moveBatch(db, batchId, ["review"], "done", { finishedAt: new Date() });
  return rows.length;
}

/** Keeps flagged rows (a repeat, far above the usual) after a look. Only while the batch is in review. */
export async function keepRows(db: Executor, batchId: string, rowNos: number[]): Promise<number> {
  if (rowNos.length === 0) return 0;
  const rows = await db
    .update(batchRows)
    .set({ kept: true })
    .where(
      and(
        eq(batchRows.batchId, batchId),
        inArray(batchRows.rowNo, rowNos),
        sql`exists (select 1 from console_batches b where b.id = ${batchId} and b.status = 'review' for share)`,
      ),
    )
    .returning({ rowNo: batchRows.rowNo });
  return rows.length;
}

/** A corrected row of a settlement-request batch is priced again (the worker quotes rows without a quote). */
export async function requeueQuotes(db: Executor, id: string): Promise<void> {
  await db
    .update(batches)
    .set({ quoteState: "queued" })
    .where(and(eq(batches.id, id), eq(batches.kind, "settlement_request"), eq(batches.status, "review")));
}
