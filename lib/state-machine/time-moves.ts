/**
 * Moves by time (decisions D7.5): expiry, lateness and the simulated payout rail of settlement
 * requests. The scheduler asks planTimeMoves on every tick (cause "scheduler").
 */
import {
  isFinalRequestStatus,
  isNotStartedPaymentStatus,
  type PaymentStatus,
  type SandboxSettlementStatus,
  type SettlementStatus,
} from "./statuses";

/** What the scheduler needs to know about one request. Times are instants on its clock. */
export interface TimedRequest {
  status: SandboxSettlementStatus;
  /** `payment_instructions.valid_until`. */
  validUntil: Date | null;
  reconciliationExpectedAt: Date | null;
  inbound: { status: PaymentStatus } | null;
  /** `statusSince`: when the outbound payment entered its current status (its `updated_at`). */
  outbound: { status: PaymentStatus; statusSince: Date } | null;
}

/** Delays of the simulated payout rail (decisions D7: "seconds by default"). */
export interface RailDelays {
  processingToSentMs: number;
  sentToCompletedMs: number;
}
export const DEFAULT_RAIL_DELAYS: Readonly<RailDelays> = { processingToSentMs: 2_000, sentToCompletedMs: 3_000 };

export type TimeMove =
  | {
      /** A request move, applied directly (cause "scheduler") with its payment changes. */
      kind: "request";
      to: SettlementStatus;
      inbound?: PaymentStatus;
      outbound?: PaymentStatus;
    }
  | {
      /** A simulated rail step on the outbound payment; run it through planPaymentEffect. */
      kind: "payment";
      paymentType: "PAYOUT";
      to: PaymentStatus;
      /** When the step was due (the payment's status time plus the delay); it takes effect then. */
      dueAt: Date;
    };

/**
 * The moves due for a request at `now` (empty when none is). At most one move is returned; the
 * scheduler applies it and asks again on its next tick.
 *
 * Decisions where the documents are silent:
 * - Expiry (REQUEST_STARTED, now ≥ valid_until) needs the inbound payment not to have started
 *   (AWAITING_FUNDS, PENDING, SCHEDULED): funds already arriving are not expired. The inbound
 *   payment → EXPIRED, the outbound → CANCELED when it has not started either.
 * - Lateness (FUNDS_SENT, now ≥ reconciliation_expected_at) is skipped once the inbound payment
 *   is COMPLETED; no payment changes.
 * - The rail moves outbound PROCESSING → SENT → COMPLETED after the delays, measured from when the
 *   payment entered its status, and only while the request is not final.
 */
export function planTimeMoves(
  request: TimedRequest,
  now: Date,
  rails: Readonly<RailDelays> = DEFAULT_RAIL_DELAYS,
): TimeMove[] {
  if (isFinalRequestStatus(request.status)) return [];
  const t = now.getTime();
  const inbound = request.inbound?.status;
  const outbound = request.outbound?.status;

  if (request.status === "REQUEST_STARTED" && request.validUntil && t >= request.validUntil.getTime()) {
    if (inbound === undefined || isNotStartedPaymentStatus(inbound)) {
      const move: TimeMove = { kind: "request", to: "REQUEST_EXPIRED" };
      if (inbound !== undefined) move.inbound = "EXPIRED";
      if (outbound !== undefined && isNotStartedPaymentStatus(outbound)) move.outbound = "CANCELED";
      return [move];
    }
  }
  if (
    request.status === "FUNDS_SENT" &&
    request.reconciliationExpectedAt &&
    t >= request.reconciliationExpectedAt.getTime() &&
    inbound !== "COMPLETED"
  ) {
    return [{ kind: "request", to: "FUNDS_RECEIVING_LATE" }];
  }
  if (request.outbound) {
    const since = request.outbound.statusSince.getTime();
    const waited = t - since;
    if (outbound === "PROCESSING" && waited >= rails.processingToSentMs) {
      return [
        { kind: "payment", paymentType: "PAYOUT", to: "SENT", dueAt: new Date(since + rails.processingToSentMs) },
      ];
    }
    if (outbound === "SENT" && waited >= rails.sentToCompletedMs) {
      return [
        { kind: "payment", paymentType: "PAYOUT", to: "COMPLETED", dueAt: new Date(since + rails.sentToCompletedMs) },
      ];
    }
  }
  return [];
}
