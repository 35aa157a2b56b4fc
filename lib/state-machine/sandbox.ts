/**
 * Sandbox PATCHes (decisions D8.1): any status on a request (SANDBOX_SETTLEMENT_STATUSES) or a
 * payment (PAYMENT_STATUSES), from any status (cause "sandbox"). A payment PATCH then goes
 * through planPaymentEffect like any payment change.
 */
import { isRequestFailureStatus, type FailureCode, type PaymentStatus, type SandboxSettlementStatus } from "./statuses";

/** The rule the sandbox payment PATCH validates: FAILED needs a `failure_reason`. */
export function sandboxPaymentNeedsFailureReason(status: PaymentStatus): boolean {
  return status === "FAILED";
}

/** The rule the sandbox request PATCH validates: a `failure_code` only with PAYIN_AMOUNT_MISMATCH. */
export function sandboxRequestTakesFailureCode(status: SandboxSettlementStatus): boolean {
  return status === "PAYIN_AMOUNT_MISMATCH";
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
  /** Set `completed_at` to now, unless it is already set. */
  setCompletedAt?: true;
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
  if (to === "REQUEST_COMPLETED") move.setCompletedAt = true;
  return move;
}
