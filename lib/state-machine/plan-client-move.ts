/**
 * Plans a client PUT by the table of ./client-moves.ts. Kept apart from the table because it
 * compares amounts (decimal.js, ./amounts.ts), which the dashboard's pages do not load.
 */
import { amountMismatch } from "./amounts";
import { PUT_RULES, canonicalPutStatus, type PutStatus } from "./client-moves";
import {
  invalidMoveMessage,
  type FailureFields,
  type PaymentStatus,
  type PaymentType,
  type SandboxSettlementStatus,
  type SettlementStatus,
} from "./statuses";

/** An allowed PUT: the new status and everything that changes with it. */
export interface ClientMove {
  kind: "move";
  from: SettlementStatus;
  to: PutStatus;
  inbound?: PaymentStatus;
  outbound?: PaymentStatus;
  /** Set `reconciliation_expected_at` with reconciliationExpectedAt (./client-moves.ts). */
  setReconciliation?: true;
  setCompletedAt?: true;
  /** Write `failure_code` and `failure_reason`. */
  failure?: FailureFields;
  /** Store the body's `txHash` on this payment. */
  txHashOn?: PaymentType;
}

export type ClientMovePlan = { kind: "noop"; to: PutStatus } | ClientMove | { kind: "invalid"; message: string };

/** Amounts known for the inbound payment; lets PAYIN_AMOUNT_MISMATCH name the direction. */
export interface MismatchContext {
  instructedAmount: string;
  receivedAmount?: string | null;
  currency?: string;
}

const CLIENT_MISMATCH_REASON = "The client reported that the amount received differs from the instructed amount";

/**
 * Plans a client PUT. `requested` may be an alias; the plan carries the canonical name.
 * PUT to the current status is a noop (200, no change, no event); anything outside the table
 * is invalid (409 invalid_transition), including every move out of a final status.
 */
export function planClientMove(
  current: SandboxSettlementStatus,
  requested: string,
  mismatch?: MismatchContext,
): ClientMovePlan {
  const to = canonicalPutStatus(requested);
  if (to === null) return { kind: "invalid", message: `${requested} is not a status a PUT can set` };
  if (to === current) return { kind: "noop", to };
  const rule = PUT_RULES[to];
  const from = rule.from.find((s) => s === current);
  if (from === undefined) return { kind: "invalid", message: invalidMoveMessage(current, to) };
  const plan: ClientMove = { kind: "move", from, to };
  if (rule.inbound) plan.inbound = rule.inbound;
  if (rule.outbound) plan.outbound = rule.outbound;
  if (rule.setReconciliation) plan.setReconciliation = true;
  if (rule.setCompletedAt) plan.setCompletedAt = true;
  if (rule.txHashOn) plan.txHashOn = rule.txHashOn;
  if (rule.recordsMismatch) plan.failure = clientMismatch(mismatch);
  return plan;
}

function clientMismatch(ctx: MismatchContext | undefined): FailureFields {
  if (ctx?.receivedAmount != null) {
    const found = amountMismatch(ctx.instructedAmount, ctx.receivedAmount, ctx.currency);
    if (found) return found;
  }
  return { code: null, reason: CLIENT_MISMATCH_REASON };
}
