import "server-only";

import type { PaymentStatus, SandboxSettlementStatus, SettlementStatus } from "@/lib/schemas/catalog";

import { amountMismatch } from "./amounts";
import { invalidMoveMessage, type FailureFields, type PaymentType } from "./statuses";

/** The statuses a client may send on `PUT /v0/settlement-requests/{id}` (the document's enum). */
export const PUT_STATUSES = [
  "FUNDS_SENT",
  "REQUEST_COMPLETED",
  "REQUEST_CANCELED",
  "PAYIN_CANCELED",
  "PAYIN_UNDER_REVIEW",
  "PAYIN_FAILED",
  "PAYIN_AMOUNT_MISMATCH",
] as const satisfies readonly SettlementStatus[];
export type PutStatus = (typeof PUT_STATUSES)[number];

/** Aliases accepted on PUT and answered with the canonical name (decisions D7). */
export const PUT_STATUS_ALIASES = {
  PROCESSING: "FUNDS_SENT",
  COMPLETED: "REQUEST_COMPLETED",
  CANCELED: "REQUEST_CANCELED",
} as const satisfies Record<string, PutStatus>;
export type PutStatusAlias = keyof typeof PUT_STATUS_ALIASES;

/** Every value the PUT body's `status` accepts: feed this to the zod enum. */
export const PUT_STATUS_INPUTS = [...PUT_STATUSES, "PROCESSING", "COMPLETED", "CANCELED"] as const;
export type PutStatusInput = (typeof PUT_STATUS_INPUTS)[number];

const PUT_SET = new Set<string>(PUT_STATUSES);

/** The canonical PUT status for a value or alias; null when PUT cannot set it at all. */
export function canonicalPutStatus(input: string): PutStatus | null {
  if (PUT_SET.has(input)) return input as PutStatus;
  return Object.hasOwn(PUT_STATUS_ALIASES, input) ? PUT_STATUS_ALIASES[input as PutStatusAlias] : null;
}

interface PutRule {
  from: readonly SettlementStatus[];
  inbound?: PaymentStatus;
  outbound?: PaymentStatus;
  setReconciliation?: true;
  setCompletedAt?: true;
  recordsMismatch?: true;
  /** Which payment the body's `txHash` is stored on; other moves ignore `txHash`. */
  txHashOn?: PaymentType;
}

const PAYIN_OPEN = ["FUNDS_SENT", "FUNDS_RECEIVING_LATE", "PAYIN_UNDER_REVIEW"] as const;

/** The PUT table of decisions D7, row for row. No row starts from a final status. */
export const PUT_RULES: Readonly<Record<PutStatus, PutRule>> = {
  FUNDS_SENT: { from: ["REQUEST_STARTED"], inbound: "PENDING", setReconciliation: true, txHashOn: "PAYIN" },
  REQUEST_CANCELED: { from: ["REQUEST_STARTED"], inbound: "CANCELED", outbound: "CANCELED" },
  PAYIN_UNDER_REVIEW: { from: ["FUNDS_SENT", "FUNDS_RECEIVING_LATE"], inbound: "UNDER_REVIEW" },
  PAYIN_CANCELED: { from: PAYIN_OPEN, inbound: "CANCELED" },
  PAYIN_FAILED: { from: PAYIN_OPEN, inbound: "FAILED" },
  PAYIN_AMOUNT_MISMATCH: { from: PAYIN_OPEN, recordsMismatch: true },
  REQUEST_COMPLETED: {
    from: ["SETTLEMENT_SENT", "SETTLEMENT_COMPLETED"],
    setCompletedAt: true,
    txHashOn: "PAYOUT",
  },
};

/** An allowed PUT: the new status and everything that changes with it. */
export interface ClientMove {
  kind: "move";
  from: SettlementStatus;
  to: PutStatus;
  inbound?: PaymentStatus;
  outbound?: PaymentStatus;
  /** Set `reconciliation_expected_at` with {@link reconciliationExpectedAt}. */
  setReconciliation?: true;
  setCompletedAt?: true;
  /** Write `failure_code` and `failure_reason`. */
  failure?: FailureFields;
  /** Store the body's `txHash` on this payment. */
  txHashOn?: PaymentType;
}

export type ClientMovePlan =
  | { kind: "noop"; to: PutStatus }
  | ClientMove
  | { kind: "invalid"; message: string };

/** Amounts known for the inbound payment; lets PAYIN_AMOUNT_MISMATCH name the direction. */
export interface MismatchContext {
  instructedAmount: string;
  receivedAmount?: string | null;
  currency?: string;
}

const CLIENT_MISMATCH_REASON =
  "The client reported that the amount received differs from the instructed amount";

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

export const RECONCILIATION_DEFAULT_DAYS = 3;
const DAY_MS = 86_400_000;

/** The create-time override when one was given, else now + 3 days (T+3, calendar days). */
export function reconciliationExpectedAt(override: Date | null | undefined, now: Date): Date {
  return override ?? new Date(now.getTime() + RECONCILIATION_DEFAULT_DAYS * DAY_MS);
}
