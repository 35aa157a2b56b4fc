/**
 * What a payment's new status does to its settlement request (decisions D7.4): the two tables
 * and the planner every payment change goes through (cause "payment"), whatever changed the
 * payment (the rail, a sandbox PATCH).
 */
import { amountMismatch } from "./amounts";
import {
  isFinalRequestStatus,
  isNotStartedPaymentStatus,
  type FailureFields,
  type PaymentStatus,
  type PaymentType,
  type SandboxSettlementStatus,
  type SettlementStatus,
} from "./statuses";

/** Second table of decisions D7: inbound (PAYIN) changes that move the request by themselves. */
export const PAYIN_REQUEST_MOVES: Readonly<Partial<Record<PaymentStatus, SettlementStatus>>> = {
  UNDER_REVIEW: "PAYIN_UNDER_REVIEW",
  FAILED: "PAYIN_FAILED",
  CANCELED: "PAYIN_CANCELED",
  EXPIRED: "REQUEST_EXPIRED",
};

/** Second table of decisions D7: outbound (PAYOUT) changes that move the request. */
export const PAYOUT_REQUEST_MOVES: Readonly<Partial<Record<PaymentStatus, SettlementStatus>>> = {
  SENT: "SETTLEMENT_SENT",
  COMPLETED: "SETTLEMENT_COMPLETED",
  UNDER_REVIEW: "PAYOUT_UNDER_REVIEW",
  FAILED: "PAYOUT_FAILED",
  CANCELED: "PAYOUT_CANCELED",
  REFUNDED: "REQUEST_REFUNDED",
};

export interface PaymentEffectContext {
  /** The request's status when the payment changes. */
  requestStatus: SandboxSettlementStatus;
  /** `payment_instructions.amount`, canonical decimal string. */
  instructedAmount: string;
  /** What actually arrived on the inbound payment; absent means "as instructed". */
  receivedAmount?: string | null;
  currency?: string;
  /** The outbound payment's status, when known; it only starts from a not-started status. */
  outboundStatus?: PaymentStatus;
}

export type RequestOutcome = { kind: "stay"; why?: string } | { kind: "move"; to: SettlementStatus };

export interface PaymentEffect {
  request: RequestOutcome;
  /** A change the first payment causes on the other one (inbound COMPLETED → outbound PROCESSING). */
  otherPayment?: { type: PaymentType; to: PaymentStatus };
  /** Set `processing_at` to now, unless it is already set (processing begins once). */
  setProcessingAt?: true;
  /** Set the request's `completed_at` to now, unless it is already set (the payout completed). */
  setCompletedAt?: true;
  /** Write `failure_code` and `failure_reason` on the request. */
  failure?: FailureFields;
}

/**
 * What a payment's new status does to its request (decisions D7, second table).
 *
 * Decisions where the documents are silent:
 * - A final request never moves because of a payment, and a payment on it causes nothing else
 *   (no payout starts on a canceled request). Only a sandbox PATCH of the request leaves a final status.
 * - A change whose target is the request's current status is a stay (no history row).
 * - Payment statuses the table does not name (inbound PENDING, SENT, REFUNDED, ...; outbound
 *   PENDING, PROCESSING, EXPIRED, ...) leave the request where it is.
 * - Inbound COMPLETED with no received amount counts as the instructed amount; amounts compare
 *   in decimal.js. The outbound payment starts only from a not-started status.
 * - `processing_at` is also set when the payout starts (inbound COMPLETED), so a flow that skips
 *   inbound PROCESSING still records when processing began.
 * - (contract 2026-12-02) The payout completing sets `completed_at`; inbound FAILED, CANCELED or
 *   EXPIRED cancels the payout it would have funded, if that payout had not started.
 */
export function planPaymentEffect(
  paymentType: PaymentType,
  newStatus: PaymentStatus,
  ctx: PaymentEffectContext,
): PaymentEffect {
  if (isFinalRequestStatus(ctx.requestStatus)) {
    return { request: { kind: "stay", why: `request is final (${ctx.requestStatus})` } };
  }
  if (paymentType === "PAYIN") {
    if (newStatus === "PROCESSING") return { request: { kind: "stay" }, setProcessingAt: true };
    if (newStatus === "COMPLETED") return inboundCompleted(ctx);
  }
  const table = paymentType === "PAYIN" ? PAYIN_REQUEST_MOVES : PAYOUT_REQUEST_MOVES;
  const effect = moveTo(table[newStatus], ctx.requestStatus);
  if (effect.request.kind !== "move") return effect;
  // The request's settlement is done when its payout completes (contract 2026-12-02).
  if (effect.request.to === "SETTLEMENT_COMPLETED") return { ...effect, setCompletedAt: true };
  // Inbound funds that failed, were canceled or expired never fund the payout: it is canceled.
  if (paymentType === "PAYIN" && UNFUNDED.has(newStatus) && canCancel(ctx.outboundStatus))
    return { ...effect, otherPayment: { type: "PAYOUT", to: "CANCELED" } };
  return effect;
}

/** Inbound statuses after which the payout is never funded (contract 2026-12-02). */
const UNFUNDED = new Set<PaymentStatus>(["FAILED", "CANCELED", "EXPIRED"]);

/** A payout not started yet (or not known) can be canceled; one already moving keeps its course. */
const canCancel = (outbound: PaymentStatus | undefined) =>
  outbound === undefined || isNotStartedPaymentStatus(outbound);

function inboundCompleted(ctx: PaymentEffectContext): PaymentEffect {
  const failure =
    ctx.receivedAmount == null ? null : amountMismatch(ctx.instructedAmount, ctx.receivedAmount, ctx.currency);
  if (failure) {
    const effect = moveTo("PAYIN_AMOUNT_MISMATCH", ctx.requestStatus);
    return { ...effect, failure };
  }
  if (ctx.outboundStatus !== undefined && !isNotStartedPaymentStatus(ctx.outboundStatus)) {
    return { request: { kind: "stay", why: `outbound payment already ${ctx.outboundStatus}` } };
  }
  return { request: { kind: "stay" }, otherPayment: { type: "PAYOUT", to: "PROCESSING" }, setProcessingAt: true };
}

function moveTo(to: SettlementStatus | undefined, current: SandboxSettlementStatus): PaymentEffect {
  if (to === undefined || to === current) return { request: { kind: "stay" } };
  return { request: { kind: "move", to } };
}
