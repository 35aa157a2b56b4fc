import "server-only";

import {
  PAYMENT_STATUSES,
  SANDBOX_SETTLEMENT_STATUSES,
  type PaymentStatus,
  type SandboxSettlementStatus,
} from "@/lib/schemas/catalog";

import type { FailureCode } from "./statuses";

/** A sandbox PATCH may set any of these on a request, from any status (decisions D8). */
export const SANDBOX_REQUEST_STATUSES = SANDBOX_SETTLEMENT_STATUSES;
/** A sandbox PATCH may set any payment status on a payment. */
export const SANDBOX_PAYMENT_STATUSES = PAYMENT_STATUSES;

/** Request statuses a failure reason (and code) belongs to. */
export const REQUEST_FAILURE_STATUSES = [
  "PAYIN_FAILED",
  "PAYOUT_FAILED",
  "PAYIN_AMOUNT_MISMATCH",
] as const satisfies readonly SandboxSettlementStatus[];
const REQUEST_FAILURES = new Set<string>(REQUEST_FAILURE_STATUSES);

export function isRequestFailureStatus(status: SandboxSettlementStatus): boolean {
  return REQUEST_FAILURES.has(status);
}

/** The rule the sandbox payment PATCH validates: FAILED needs a `failure_reason`. */
export function sandboxPaymentNeedsFailureReason(status: PaymentStatus): boolean {
  return status === "FAILED";
}

export interface SandboxRequestMove {
  kind: "move";
  to: SandboxSettlementStatus;
  /** Columns to write; null clears them. */
  failure: { code: FailureCode | null; reason: string | null };
  /**
   * Set `reconciliation_expected_at` (override or T+3) with reconciliationExpectedAt: the
   * document applies the default "when the request moves to FUNDS_SENT", whatever moves it.
   */
  setReconciliation?: true;
}

/**
 * A sandbox PATCH of a request always moves, even to its current status or out of a final one
 * (it "forces any state at any time"), so it always records history and fires the webhook.
 * Failure fields are kept only on failure statuses; any other status clears them.
 */
export function planSandboxRequestMove(
  to: SandboxSettlementStatus,
  input: { failureReason?: string | null; failureCode?: FailureCode | null; from?: SandboxSettlementStatus } = {},
): SandboxRequestMove {
  const move: SandboxRequestMove = isRequestFailureStatus(to)
    ? { kind: "move", to, failure: { code: input.failureCode ?? null, reason: input.failureReason ?? null } }
    : { kind: "move", to, failure: { code: null, reason: null } };
  if (to === "FUNDS_SENT" && input.from !== undefined && input.from !== "FUNDS_SENT") move.setReconciliation = true;
  return move;
}
