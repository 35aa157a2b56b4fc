/**
 * The status lists of settlement requests and their payments (decisions D7, D8). Every list
 * of these statuses in the code base is one of these or derived from one: the zod schemas,
 * the database column types, the dashboard and the planners of this folder.
 */

/** The document's settlement request statuses. */
export const SETTLEMENT_STATUSES = [
  "REQUEST_STARTED",
  "REQUEST_EXPIRED",
  "REQUEST_CANCELED",
  "REQUEST_COMPLETED",
  "REQUEST_REFUNDED",
  "FUNDS_SENT",
  "FUNDS_RECEIVING_LATE",
  "SETTLEMENT_SENT",
  "SETTLEMENT_COMPLETED",
  "PAYIN_CANCELED",
  "PAYIN_UNDER_REVIEW",
  "PAYIN_FAILED",
  "PAYIN_AMOUNT_MISMATCH",
  "PAYOUT_CANCELED",
  "PAYOUT_UNDER_REVIEW",
  "PAYOUT_FAILED",
] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/**
 * Every status a request can have: the document's plus AWAITING_PAYIN_RECONCILIATION, which only
 * a sandbox PATCH sets (the list filter takes it too).
 */
export const SANDBOX_SETTLEMENT_STATUSES = [...SETTLEMENT_STATUSES, "AWAITING_PAYIN_RECONCILIATION"] as const;
export type SandboxSettlementStatus = (typeof SANDBOX_SETTLEMENT_STATUSES)[number];

/** Statuses that end a settlement request (decisions D7.1). Only a sandbox PATCH leaves them. */
export const FINAL_REQUEST_STATUSES = [
  "REQUEST_EXPIRED",
  "REQUEST_CANCELED",
  "REQUEST_COMPLETED",
  "REQUEST_REFUNDED",
  "PAYIN_CANCELED",
  "PAYIN_FAILED",
  "PAYOUT_CANCELED",
  "PAYOUT_FAILED",
] as const satisfies readonly SettlementStatus[];
export type FinalRequestStatus = (typeof FINAL_REQUEST_STATUSES)[number];

const FINAL = new Set<string>(FINAL_REQUEST_STATUSES);

/** AWAITING_PAYIN_RECONCILIATION (sandbox only) is not final. Takes any string (the dashboard's). */
export function isFinalRequestStatus(status: string): status is FinalRequestStatus {
  return FINAL.has(status);
}

/** Request statuses a failure reason (and code) belongs to; any other status clears them. */
export const REQUEST_FAILURE_STATUSES = [
  "PAYIN_FAILED",
  "PAYOUT_FAILED",
  "PAYIN_AMOUNT_MISMATCH",
] as const satisfies readonly SettlementStatus[];
const REQUEST_FAILURES = new Set<string>(REQUEST_FAILURE_STATUSES);

export function isRequestFailureStatus(status: SandboxSettlementStatus): boolean {
  return REQUEST_FAILURES.has(status);
}

/**
 * How the summary (extension) counts a request: settled, failed (REQUEST_FAILURE_STATUSES) or
 * ended some other way. Requests in any other status are still under way.
 */
export const SETTLED_REQUEST_STATUSES = [
  "REQUEST_COMPLETED",
  "SETTLEMENT_COMPLETED",
] as const satisfies readonly SettlementStatus[];
export const OTHER_ENDED_REQUEST_STATUSES = [
  "REQUEST_EXPIRED",
  "REQUEST_CANCELED",
  "PAYIN_CANCELED",
  "PAYOUT_CANCELED",
  "REQUEST_REFUNDED",
] as const satisfies readonly FinalRequestStatus[];

/** The document's `failure_code` enumeration (decisions D7's UNDERPAYMENT/OVERPAYMENT, in full). */
export const FAILURE_CODES = ["AMOUNT_MISMATCH_UNDERPAYMENT", "AMOUNT_MISMATCH_OVERPAYMENT"] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** What a move writes into `failure_code` and `failure_reason`. */
export interface FailureFields {
  code: FailureCode | null;
  reason: string;
}

/** Why a request's status changed; every history row carries one (decisions D7.6). */
export const HISTORY_CAUSES = ["api", "sandbox", "payment", "scheduler"] as const;
export type HistoryCause = (typeof HISTORY_CAUSES)[number];

/** The two payments of a request: the inbound one is the PAYIN, the outbound one the PAYOUT. */
export const PAYMENT_TYPES = ["PAYIN", "PAYOUT"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The document's payment statuses (settlement request payments and disbursement payments). */
export const PAYMENT_STATUSES = [
  "AWAITING_FUNDS",
  "PENDING",
  "PROCESSING",
  "SENT",
  "COMPLETED",
  "CANCELED",
  "FAILED",
  "EXPIRED",
  "REFUNDED",
  "SCHEDULED",
  "UNDER_REVIEW",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment statuses in which no money has moved yet. */
export const NOT_STARTED_PAYMENT_STATUSES = [
  "AWAITING_FUNDS",
  "PENDING",
  "SCHEDULED",
] as const satisfies readonly PaymentStatus[];
const NOT_STARTED = new Set<string>(NOT_STARTED_PAYMENT_STATUSES);

export function isNotStartedPaymentStatus(status: PaymentStatus): boolean {
  return NOT_STARTED.has(status);
}

/** The outcome of a planner for a status-to-status table: the effects of the move, or why not. */
export type MovePlan<S, E> = { kind: "ok"; from: S; to: S; effects: E } | { kind: "invalid"; message: string };

/** The message of every `409 invalid_transition`. */
export function invalidMoveMessage(from: string, to: string): string {
  return `cannot move from ${from} to ${to}`;
}
