import "server-only";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { batches, batchRows } from "./schema";
import type { DryRunRow, RowQuote, SendState } from "./types";
import { findBatchById, type BatchLine, type BatchRow } from "./store";

/** The work any instance's batch worker claims: leases, rows to send, statuses to follow, dry-run and quote reports (decisions D20.4). */

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

export async function recordQuote(db: Executor, id: string, rowNo: number, quote: RowQuote): Promise<void> {
  await db
    .update(batchRows)
    .set({ quote })
    .where(and(eq(batchRows.batchId, id), eq(batchRows.rowNo, rowNo)));
}
