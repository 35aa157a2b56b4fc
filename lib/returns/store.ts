import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { CaseKind, ReturnMode } from "./cases";

/** The console's decisions on payins that came in wrong (issue 64, migration 0054). */

export type PayinDecision = {
  requestId: string;
  externalId: string | null;
  kind: CaseKind;
  decision: "accept" | "return";
  mode: ReturnMode | null;
  amount: string;
  currency: string;
  walletAddress: string | null;
  chain: string | null;
  attempt: number;
  idempotencyKey: string | null;
  submissionId: string | null;
  disbursementId: string | null;
  disbursementStatus: string | null;
  refundedAt: string | null;
  note: string | null;
  decidedBy: string;
  decidedAt: string;
};

type Row = {
  settlement_request_id: string;
  external_id: string | null;
  case_kind: CaseKind;
  decision: "accept" | "return";
  return_mode: ReturnMode | null;
  amount: string;
  currency: string;
  wallet_address: string | null;
  chain: string | null;
  attempt: number;
  idempotency_key: string | null;
  submission_id: string | null;
  disbursement_id: string | null;
  disbursement_status: string | null;
  refunded_at: Date | string | null;
  note: string | null;
  decided_by: string;
  decided_at: Date | string;
};

const COLUMNS = sql`settlement_request_id, external_id, case_kind, decision, return_mode, amount::text as amount, currency, wallet_address,
  chain, attempt, idempotency_key, submission_id, disbursement_id, disbursement_status, refunded_at, note,
  decided_by, decided_at`;

/** `in (…)` of these values, each a parameter. */
const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const toDecision = (r: Row): PayinDecision => ({
  requestId: r.settlement_request_id,
  externalId: r.external_id,
  kind: r.case_kind,
  decision: r.decision,
  mode: r.return_mode,
  amount: r.amount,
  currency: r.currency,
  walletAddress: r.wallet_address,
  chain: r.chain,
  attempt: r.attempt,
  idempotencyKey: r.idempotency_key,
  submissionId: r.submission_id,
  disbursementId: r.disbursement_id,
  disbursementStatus: r.disbursement_status,
  refundedAt: r.refunded_at === null ? null : new Date(r.refunded_at).toISOString(),
  note: r.note,
  decidedBy: r.decided_by,
  decidedAt: new Date(r.decided_at).toISOString(),
});

/** The decisions on these requests (by primary key: as many rows as asked for, whatever the history). */
export async function decisionsFor(
  db: Executor,
  environment: Environment,
  requestIds: readonly string[],
): Promise<Map<string, PayinDecision>> {
  if (requestIds.length === 0) return new Map();
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from console_payin_decisions
        where environment = ${environment} and settlement_request_id in (${listOf(requestIds)})`,
  );
  return new Map(rows.map((r) => [r.settlement_request_id, toDecision(r)]));
}

/** The newest decisions (the "Decided" list): a page through the primary key's environment and time. */
export async function recentDecisions(db: Executor, environment: Environment, limit = 50): Promise<PayinDecision[]> {
  return (await queryRows<Row>(db, recentDecisionsStatement(environment, limit))).map(toDecision);
}

export const recentDecisionsStatement = (environment: Environment, limit: number) =>
  sql`select ${COLUMNS} from console_payin_decisions where environment = ${environment}
      order by decided_at desc, settlement_request_id limit ${limit}`;

/** The payin each of these disbursements returns, if any (reconciliation names a return by its payin). */
export async function returnsByDisbursement(
  db: Executor,
  environment: Environment,
  disbursementIds: readonly string[],
): Promise<Map<string, { requestId: string; externalId: string | null }>> {
  if (disbursementIds.length === 0) return new Map();
  const rows = await queryRows<{ disbursement_id: string; settlement_request_id: string; external_id: string | null }>(
    db,
    sql`select disbursement_id, settlement_request_id, external_id from console_payin_decisions
        where environment = ${environment} and disbursement_id in (${listOf(disbursementIds)})`,
  );
  return new Map(
    rows.map((r) => [r.disbursement_id, { requestId: r.settlement_request_id, externalId: r.external_id }]),
  );
}

/** A decision as recorded: what it learns later (its submission, disbursement, refund) may come with it. */
export type NewDecision = Omit<
  PayinDecision,
  "submissionId" | "disbursementId" | "disbursementStatus" | "refundedAt" | "decidedAt"
> &
  Partial<Pick<PayinDecision, "submissionId" | "disbursementId" | "disbursementStatus">>;

/**
 * Records a decision. A request has one: a new one replaces the last only when that one is over
 * without paying anything back (an attempt denied, expired or failed: `replaceable`), and a
 * return sent again with the same Idempotency-Key only fills in what it learnt. Returns the
 * decision as stored, or null when another one stands (two people deciding at once: one wins).
 */
export async function recordDecision(
  db: Executor,
  environment: Environment,
  d: NewDecision,
  replaceable: boolean,
): Promise<PayinDecision | null> {
  const rows = await queryRows<Row>(
    db,
    sql`insert into console_payin_decisions (environment, settlement_request_id, external_id, case_kind, decision, return_mode, amount,
          currency, wallet_address, chain, attempt, idempotency_key, submission_id, disbursement_id,
          disbursement_status, note, decided_by)
        values (${environment}, ${d.requestId}, ${d.externalId}, ${d.kind}, ${d.decision}, ${d.mode}, ${d.amount}::numeric, ${d.currency},
          ${d.walletAddress}, ${d.chain}, ${d.attempt}, ${d.idempotencyKey}, ${d.submissionId ?? null},
          ${d.disbursementId ?? null}, ${d.disbursementStatus ?? null}, ${d.note}, ${d.decidedBy})
        on conflict (environment, settlement_request_id) do update set
          external_id = excluded.external_id, case_kind = excluded.case_kind,
          decision = excluded.decision, return_mode = excluded.return_mode, amount = excluded.amount,
          currency = excluded.currency, wallet_address = excluded.wallet_address, chain = excluded.chain,
          attempt = excluded.attempt, idempotency_key = excluded.idempotency_key,
          submission_id = coalesce(excluded.submission_id, console_payin_decisions.submission_id),
          disbursement_id = coalesce(excluded.disbursement_id, console_payin_decisions.disbursement_id),
          disbursement_status = coalesce(excluded.disbursement_status, console_payin_decisions.disbursement_status),
          note = excluded.note, decided_by = excluded.decided_by, decided_at = now(), refunded_at = null
        where (console_payin_decisions.idempotency_key is not distinct from excluded.idempotency_key
               and console_payin_decisions.decision = excluded.decision)
           or ${replaceable}
        returning ${COLUMNS}`,
  );
  return rows[0] ? toDecision(rows[0]) : null;
}

/** What a return has learnt since: the disbursement it became and where that stands. */
export async function noteReturnProgress(
  db: Executor,
  environment: Environment,
  requestId: string,
  idempotencyKey: string,
  progress: { disbursementId: string; status: string },
): Promise<void> {
  await db.execute(
    sql`update console_payin_decisions set disbursement_id = ${progress.disbursementId},
          disbursement_status = ${progress.status}
        where environment = ${environment} and settlement_request_id = ${requestId}
          and idempotency_key = ${idempotencyKey}`,
  );
}

/**
 * Claims the one marking of a completed return as refunded (sandbox): true for exactly one
 * caller across instances, so the request is moved once.
 */
export async function claimRefunded(db: Executor, environment: Environment, requestId: string): Promise<boolean> {
  const rows = await queryRows<{ settlement_request_id: string }>(
    db,
    sql`update console_payin_decisions set refunded_at = now()
        where environment = ${environment} and settlement_request_id = ${requestId}
          and decision = 'return' and refunded_at is null
        returning settlement_request_id`,
  );
  return rows.length === 1;
}

/** Gives a claim back when the move it was for did not happen (it is tried again on the next read). */
export async function releaseRefunded(db: Executor, environment: Environment, requestId: string): Promise<void> {
  await db.execute(
    sql`update console_payin_decisions set refunded_at = null
        where environment = ${environment} and settlement_request_id = ${requestId}`,
  );
}

/** Where a held return's submission stands (by its Idempotency-Key, through its index). */
export async function submissionOutcomes(
  db: Executor,
  environment: Environment,
  keys: readonly string[],
): Promise<Map<string, { status: string; resultId: string | null }>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{ idempotency_key: string; status: string; result_id: string | null }>(
    db,
    submissionOutcomesStatement(environment, keys),
  );
  // The newest submission of a key says where it stands (a denied one may be followed by another).
  return new Map(rows.map((r) => [r.idempotency_key, { status: r.status, resultId: r.result_id }]));
}

export const submissionOutcomesStatement = (environment: Environment, keys: readonly string[]) =>
  sql`select idempotency_key, status, result_id from console_submissions
      where environment = ${environment} and idempotency_key in (${listOf(keys)})
      order by submitted_at`;
