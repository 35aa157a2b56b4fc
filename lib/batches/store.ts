import "server-only";
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { checkRow, duplicatesOf, oversizeRows, payeeLabel, totalsByCurrency } from "./rows";
import { batches, batchRows } from "./schema";
import type { BatchKind } from "./templates";
import { FAILED_RESULT_STATUSES, OVERSIZE_FACTOR, rowFailed } from "./outcome";
import type {
  SettledTotals,
  BatchListItem,
  BatchProgress,
  BatchRowView,
  BatchStatus,
  BatchTotals,
  BatchView,
  DryRunRow,
  RowFilter,
  RowQuote,
  SendState,
} from "./types";

/**
 * The console's batch tables (decisions D20): a batch, its rows, and the lease that lets one
 * instance at a time work on it. Every statement is by the batch's id (and row numbers), so the
 * cost of a batch never depends on how many batches came before it.
 */
export type BatchRow = typeof batches.$inferSelect;
export type BatchLine = typeof batchRows.$inferSelect;

export type NewBatch = {
  environment: Environment;
  kind: BatchKind;
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
  separator: string;
  header: string[];
  records: Array<{ line: number; cells: string[] }>;
  createdBy: string;
  createdByEmail: string;
  /** The batch whose failed rows this one is made of (issue 44). */
  follows?: string;
};

const INSERT_CHUNK = 250;

/** A row failed, in SQL (`rowFailed` of lib/batches/outcome.ts): refused, or what it created failed afterwards. */
const ROW_FAILED = sql.raw(
  `(send_state = 'failed' or (send_state = 'sent' and result_final and result_status in (${[...FAILED_RESULT_STATUSES]
    .map((status) => `'${status}'`)
    .join(", ")})))`,
);

export const newBatchId = () => `bat_${randomBytes(9).toString("base64url")}`;

/** Stores the file as it came and each row as checked; one transaction, so a batch is whole or absent. */
export async function insertBatch(db: Executor, input: NewBatch, id = newBatchId()): Promise<string> {
  const fileB64 = Buffer.from(input.bytes).toString("base64");
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into console_batches (id, environment, kind, file_name, file_bytes, file_sha256, file_size, separator, header, row_count, created_by, created_by_email, quote_state, follows)
      values (${id}, ${input.environment}, ${input.kind}, ${input.fileName}, decode(${fileB64}, 'base64'), ${input.sha256}, ${input.bytes.byteLength},
              ${input.separator}, ${sql.raw(textArray(input.header))}, ${input.records.length}, ${input.createdBy}, ${input.createdByEmail},
              ${input.kind === "settlement_request" ? "queued" : null}, ${input.follows ?? null})`);
    for (let start = 0; start < input.records.length; start += INSERT_CHUNK) {
      const values = input.records.slice(start, start + INSERT_CHUNK).map((record, i) => {
        const checked = checkRow(input.kind, input.header, record.cells);
        return {
          batchId: id,
          rowNo: start + i + 1,
          line: record.line,
          cells: record.cells,
          body: checked.body,
          problems: checked.problems,
          currency: checked.currency,
          amount: checked.amount,
          payee: checked.payee,
        };
      });
      await tx.insert(batchRows).values(values);
    }
  });
  return id;
}

/** A text[] literal with every element quoted (header names are short, checked column names). */
function textArray(values: string[]): string {
  const quoted = values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",");
  return `'${`{${quoted}}`.replace(/'/g, "''")}'::text[]`;
}

export async function findBatch(db: Executor, environment: Environment, id: string): Promise<BatchRow | null> {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.environment, environment)))
    .limit(1);
  return row ?? null;
}

export async function findBatchById(db: Executor, id: string): Promise<BatchRow | null> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id)).limit(1);
  return row ?? null;
}

/** The uploaded file, byte for byte. */
export async function fileOf(
  db: Executor,
  environment: Environment,
  id: string,
): Promise<{ name: string; bytes: Buffer; sha256: string } | null> {
  const rows = await queryRows<{ file_name: string; b64: string; file_sha256: string }>(
    db,
    sql`select file_name, encode(file_bytes, 'base64') as b64, file_sha256 from console_batches where id = ${id} and environment = ${environment}`,
  );
  const row = rows[0];
  return row ? { name: row.file_name, bytes: Buffer.from(row.b64, "base64"), sha256: row.file_sha256 } : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function batchView(db: Executor, row: BatchRow): Promise<BatchView> {
  const same = await db
    .select({ id: batches.id, createdAt: batches.createdAt, status: batches.status })
    .from(batches)
    .where(
      and(eq(batches.environment, row.environment), eq(batches.fileSha256, row.fileSha256), ne(batches.id, row.id)),
    )
    .orderBy(desc(batches.createdAt))
    .limit(5);
  return {
    id: row.id,
    environment: row.environment,
    kind: row.kind,
    fileName: row.fileName,
    fileSha256: row.fileSha256,
    fileSize: row.fileSize,
    separator: row.separator,
    header: row.header,
    rowCount: row.rowCount,
    status: row.status,
    dryRunState: row.dryRunState,
    quoteState: row.quoteState,
    dryRunError: row.dryRunError,
    dryRunFinishedAt: iso(row.dryRunFinishedAt),
    submissionId: row.submissionId,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    submittedByEmail: row.submittedByEmail,
    submittedAt: iso(row.submittedAt),
    finishedAt: iso(row.finishedAt),
    sameFile: same.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), status: s.status })),
    followedBy: row.followedBy,
    follows: row.follows,
  };
}

/** The newest batches of an environment (a page of `limit`, before `before` when given). */
export async function listBatches(db: Executor, environment: Environment, limit = 50): Promise<BatchListItem[]> {
  const rows = await db
    .select({
      id: batches.id,
      kind: batches.kind,
      fileName: batches.fileName,
      rowCount: batches.rowCount,
      status: batches.status,
      createdByEmail: batches.createdByEmail,
      createdAt: batches.createdAt,
      totals: batches.totals,
    })
    .from(batches)
    .where(eq(batches.environment, environment))
    .orderBy(desc(batches.createdAt))
    .limit(limit);
  // How each finished batch ended (issue 44): its rows' outcomes, counted through the rows' primary key.
  const ended = rows.filter((r) => r.status === "done" || r.status === "sending").map((r) => r.id);
  const counts = new Map<string, { sent: number; refused: number; failed: number }>();
  if (ended.length > 0) {
    const found = await queryRows<{ batch_id: string; sent: string; refused: string; failed: string }>(
      db,
      sql`select batch_id,
            count(*) filter (where send_state = 'sent') as sent,
            count(*) filter (where send_state = 'failed') as refused,
            count(*) filter (where ${ROW_FAILED}) as failed
          from console_batch_rows where batch_id in (${sql.join(
            ended.map((id) => sql`${id}`),
            sql`, `,
          )}) group by batch_id`,
    );
    for (const f of found)
      counts.set(f.batch_id, { sent: Number(f.sent), refused: Number(f.refused), failed: Number(f.failed) });
  }
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), outcome: counts.get(r.id) ?? null }));
}

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

/** Counts for the progress bar, in one statement. */
export async function progressOf(db: Executor, id: string): Promise<BatchProgress> {
  const [row] = await queryRows<Record<keyof BatchProgress, string | number>>(
    db,
    sql`select count(*) as rows,
          count(*) filter (where included) as included,
          count(*) filter (where included and jsonb_array_length(problems) > 0) as invalid,
          count(*) filter (where not included) as dropped,
          count(*) filter (where included and send_state = 'waiting') as waiting,
          count(*) filter (where included and send_state = 'sending') as sending,
          count(*) filter (where send_state = 'sent') as sent,
          count(*) filter (where send_state = 'failed') as refused,
          count(*) filter (where send_state = 'sent' and not coalesce(result_final, false)) as moving,
          count(*) filter (where ${ROW_FAILED}) as failed,
          count(*) filter (where send_state = 'sent' and result_final and result_status in ('COMPLETED', 'SETTLEMENT_COMPLETED', 'REQUEST_COMPLETED')) as "succeeded",
          count(*) filter (where included and dry_run is not null) as "dryRunDone",
          count(*) filter (where included and dry_run is not null and not (dry_run->>'ok')::boolean) as "dryRunFailed"
        from console_batch_rows where batch_id = ${id}`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as BatchProgress;
}

/**
 * What a batch's rows came to, per currency (issue 44): paid (sent, and not failed since), failed
 * (refused, or failed after sending) and not sent (dropped, with problems, or never reached).
 */
export async function outcomeTotalsOf(db: Executor, id: string): Promise<SettledTotals> {
  const rows = await queryRows<{
    currency: string;
    paid: string;
    failed: string;
    not_sent: string;
    paid_n: string;
    failed_n: string;
    not_sent_n: string;
  }>(
    db,
    sql`select currency,
          coalesce(sum(amount) filter (where send_state = 'sent' and not ${ROW_FAILED}), 0)::text as paid,
          coalesce(sum(amount) filter (where ${ROW_FAILED}), 0)::text as failed,
          coalesce(sum(amount) filter (where send_state not in ('sent', 'failed')), 0)::text as not_sent,
          count(*) filter (where send_state = 'sent' and not ${ROW_FAILED}) as paid_n,
          count(*) filter (where ${ROW_FAILED}) as failed_n,
          count(*) filter (where send_state not in ('sent', 'failed')) as not_sent_n
        from console_batch_rows where batch_id = ${id} and currency is not null and amount is not null
        group by currency order by currency`,
  );
  const decimal = (v: string) => new Decimal(v).toFixed();
  return rows.map((r) => ({
    currency: r.currency,
    paid: { amount: decimal(r.paid), count: Number(r.paid_n) },
    failed: { amount: decimal(r.failed), count: Number(r.failed_n) },
    notSent: { amount: decimal(r.not_sent), count: Number(r.not_sent_n) },
  }));
}

/** Totals per currency of the rows that would be sent (included, without problems). */
export async function totalsOf(db: Executor, id: string): Promise<BatchTotals> {
  const rows = await db
    .select({ currency: batchRows.currency, amount: batchRows.amount })
    .from(batchRows)
    .where(
      and(
        eq(batchRows.batchId, id),
        eq(batchRows.included, true),
        eq(batchRows.sendState, "waiting"),
        sql`jsonb_array_length(${batchRows.problems}) = 0`,
      ),
    );
  return totalsByCurrency(rows);
}

/** The dry run's fees, summed per fee currency. */
export async function dryRunFeesOf(db: Executor, id: string): Promise<BatchTotals> {
  const rows = await queryRows<{ currency: string; amount: string; count: string }>(
    db,
    sql`select dry_run->>'feeCurrency' as currency, sum((dry_run->>'fee')::numeric)::text as amount, count(*) as count
        from console_batch_rows where batch_id = ${id} and included and dry_run->>'fee' is not null
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.count) }));
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

/** Moves a batch from one status to another; false when it was not in `from` any more (someone else moved it). */
export async function moveBatch(
  db: Executor,
  id: string,
  from: BatchStatus[],
  to: BatchStatus,
  set: Partial<typeof batches.$inferInsert> = {},
): Promise<boolean> {
  const rows = await db
    .update(batches)
    .set({ ...set, status: to })
    .where(and(eq(batches.id, id), inArray(batches.status, from)))
    .returning({ id: batches.id });
  return rows.length === 1;
}

/** Queues a dry run (a new attempt: new sandbox keys, earlier findings cleared). */
export async function queueDryRun(db: Executor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(batches)
      .set({
        dryRunState: "queued",
        dryRunAttempt: sql`${batches.dryRunAttempt} + 1`,
        dryRunError: null,
        dryRunStartedAt: null,
        dryRunFinishedAt: null,
      })
      .where(
        and(
          eq(batches.id, id),
          eq(batches.status, "review"),
          or(sql`${batches.dryRunState} is null`, inArray(batches.dryRunState, ["done", "failed"])),
        ),
      )
      .returning({ id: batches.id });
    if (rows.length === 0) return false;
    await tx.update(batchRows).set({ dryRun: null }).where(eq(batchRows.batchId, id));
    return true;
  });
}

// ---- The work: leased to one instance at a time. ----

const LEASE_SECONDS = 15;

/** Takes the oldest batch with work (sending, or a dry run queued or running) whose lease is free or lapsed. */
export async function claimWork(db: Executor, owner: string): Promise<BatchRow | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update console_batches set lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = (
          select id from console_batches
          where (status = 'sending' or dry_run_state in ('queued', 'running') or quote_state in ('queued', 'running'))
            and (lease_until is null or lease_until < now() or lease_owner = ${owner})
          order by created_at limit 1 for update skip locked)
        returning id`,
  );
  return rows[0] ? findBatchById(db, rows[0].id) : null;
}

/** Keeps the lease; false when another instance took it (this one must stop). */
export async function renewLease(db: Executor, id: string, owner: string): Promise<boolean> {
  const rows = await db
    .update(batches)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(eq(batches.id, id), eq(batches.leaseOwner, owner)))
    .returning({ id: batches.id });
  return rows.length === 1;
}

export async function releaseLease(db: Executor, id: string, owner: string): Promise<void> {
  await db
    .update(batches)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(batches.id, id), eq(batches.leaseOwner, owner)));
}

/** The next rows to send (waiting, or marked sending by a run that stopped), in file order. */
export async function rowsToSend(db: Executor, id: string, limit: number): Promise<BatchLine[]> {
  return db
    .select()
    .from(batchRows)
    .where(
      and(
        eq(batchRows.batchId, id),
        eq(batchRows.included, true),
        inArray(batchRows.sendState, ["waiting", "sending"]),
      ),
    )
    .orderBy(asc(batchRows.rowNo))
    .limit(limit);
}

export async function markSending(db: Executor, id: string, rowNos: number[]): Promise<void> {
  if (rowNos.length === 0) return;
  await db
    .update(batchRows)
    .set({ sendState: "sending" })
    .where(and(eq(batchRows.batchId, id), inArray(batchRows.rowNo, rowNos), eq(batchRows.sendState, "waiting")));
}

export async function recordSend(
  db: Executor,
  id: string,
  rowNo: number,
  result: {
    state: Extract<SendState, "sent" | "failed">;
    httpStatus: number | null;
    resultId: string | null;
    resultStatus: string | null;
    final: boolean;
    failure: string | null;
  },
): Promise<void> {
  await db
    .update(batchRows)
    .set({
      sendState: result.state,
      httpStatus: result.httpStatus,
      resultId: result.resultId,
      resultStatus: result.resultStatus,
      resultFinal: result.final,
      failure: result.failure,
      sentAt: new Date(),
      checkedAt: new Date(),
    })
    .where(and(eq(batchRows.batchId, id), eq(batchRows.rowNo, rowNo)));
}

/** Claims up to `limit` sent rows whose status is not final and was not read in the last `everySeconds` (instances share the reads). */
export async function claimRowsToFollow(
  db: Executor,
  id: string,
  limit: number,
  everySeconds: number,
): Promise<BatchLine[]> {
  const claimed = await queryRows<{ row_no: number }>(
    db,
    sql`update console_batch_rows set checked_at = now()
        where batch_id = ${id} and row_no in (
          select row_no from console_batch_rows
          where batch_id = ${id} and send_state = 'sent' and not coalesce(result_final, false)
            and (checked_at is null or checked_at < now() - make_interval(secs => ${everySeconds}))
          order by checked_at asc nulls first limit ${limit} for update skip locked)
        returning row_no`,
  );
  if (claimed.length === 0) return [];
  return db
    .select()
    .from(batchRows)
    .where(
      and(
        eq(batchRows.batchId, id),
        inArray(
          batchRows.rowNo,
          claimed.map((c) => Number(c.row_no)),
        ),
      ),
    );
}

export async function recordStatus(
  db: Executor,
  id: string,
  rowNo: number,
  status: string | null,
  final: boolean,
): Promise<void> {
  await db
    .update(batchRows)
    .set({ ...(status ? { resultStatus: status } : {}), resultFinal: final, checkedAt: new Date() })
    .where(and(eq(batchRows.batchId, id), eq(batchRows.rowNo, rowNo)));
}

/** Batches sent in the last day with rows still moving (the follower refreshes their statuses). */
export async function batchesToFollow(db: Executor, limit: number): Promise<BatchRow[]> {
  return db
    .select()
    .from(batches)
    .where(
      and(
        inArray(batches.status, ["sending", "done"]),
        sql`${batches.sendingAt} > now() - interval '1 day'`,
        sql`exists (select 1 from console_batch_rows r where r.batch_id = ${batches.id} and r.send_state = 'sent' and not coalesce(r.result_final, false))`,
      ),
    )
    .orderBy(asc(batches.sendingAt))
    .limit(limit);
}

/** The rows that would be sent (kept, without problems) that a pass has not reached yet: no dry-run report, or no quote. */
export async function rowsWithout(
  db: Executor,
  id: string,
  report: "dryRun" | "quote",
  limit: number,
): Promise<BatchLine[]> {
  return db
    .select()
    .from(batchRows)
    .where(
      and(
        eq(batchRows.batchId, id),
        eq(batchRows.included, true),
        sql`${batchRows[report]} is null`,
        sql`jsonb_array_length(${batchRows.problems}) = 0`,
      ),
    )
    .orderBy(asc(batchRows.rowNo))
    .limit(limit);
}

export async function recordDryRun(db: Executor, id: string, rowNo: number, report: DryRunRow): Promise<void> {
  await db
    .update(batchRows)
    .set({ dryRun: report })
    .where(and(eq(batchRows.batchId, id), eq(batchRows.rowNo, rowNo)));
}

export async function rowsWithDryRun(db: Executor, id: string): Promise<BatchLine[]> {
  return db
    .select()
    .from(batchRows)
    .where(and(eq(batchRows.batchId, id), sql`${batchRows.dryRun} is not null`))
    .orderBy(asc(batchRows.rowNo));
}

export async function setBatch(db: Executor, id: string, set: Partial<typeof batches.$inferInsert>): Promise<void> {
  await db.update(batches).set(set).where(eq(batches.id, id));
}

/** A corrected row of a settlement-request batch is priced again (the worker quotes rows without a quote). */
export async function requeueQuotes(db: Executor, id: string): Promise<void> {
  await db
    .update(batches)
    .set({ quoteState: "queued" })
    .where(and(eq(batches.id, id), eq(batches.kind, "settlement_request"), eq(batches.status, "review")));
}

export async function recordQuote(db: Executor, id: string, rowNo: number, quote: RowQuote): Promise<void> {
  await db
    .update(batchRows)
    .set({ quote })
    .where(and(eq(batchRows.batchId, id), eq(batchRows.rowNo, rowNo)));
}

/** The quotes' fees over the rows that would be sent, per fee currency; and how many rows are priced or could not be. */
export async function quoteFeesOf(
  db: Executor,
  id: string,
): Promise<{ fees: BatchTotals; funding: BatchTotals; priced: number; failed: number; of: number }> {
  // What the payers must send per currency, fees included (issue 44): the quotes' source amounts.
  const funding = await queryRows<{ currency: string; amount: string; count: string }>(
    db,
    sql`select quote->>'sendCurrency' as currency, sum((quote->>'send')::numeric)::text as amount, count(*) as count
        from console_batch_rows where batch_id = ${id} and included and jsonb_array_length(problems) = 0 and quote->>'send' is not null
        group by 1 order by 1`,
  );
  const fees = await queryRows<{ currency: string; amount: string; count: string }>(
    db,
    sql`select quote->>'feeCurrency' as currency, sum((quote->>'fee')::numeric)::text as amount, count(*) as count
        from console_batch_rows where batch_id = ${id} and included and jsonb_array_length(problems) = 0 and quote->>'fee' is not null
        group by 1 order by 1`,
  );
  const [counts] = await queryRows<{ priced: string; failed: string; of: string }>(
    db,
    sql`select count(*) filter (where quote->>'fee' is not null) as priced, count(*) filter (where quote ? 'error') as failed, count(*) as of
        from console_batch_rows where batch_id = ${id} and included and jsonb_array_length(problems) = 0`,
  );
  return {
    fees: fees.map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.count) })),
    funding: funding.map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.count) })),
    priced: Number(counts?.priced ?? 0),
    failed: Number(counts?.failed ?? 0),
    of: Number(counts?.of ?? 0),
  };
}
