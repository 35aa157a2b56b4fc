import "server-only";
import { planPaymentEffect, type HistoryCause, type PaymentStatus, type PaymentType } from "@/lib/state-machine";
import type { ServiceDeps } from "../context";
import type { Executor } from "@/lib/db/database";
import {
  commitRequestChange,
  paymentStatusPatch,
  type PaymentPatch,
  type RequestChange,
} from "./commit-request-change";
import type { LoadedRequest } from "./load-settlement-request";
import type { SettlementRequestView } from "./settlement-request-view";

export interface PaymentChange {
  type: PaymentType;
  status: PaymentStatus;
  failureReason?: string;
  /** What arrived on an inbound payment (canonical decimal string). */
  receivedAmount?: string;
  /** When the payment entered the status (the rail simulation passes the due time). */
  statusChangedAt?: Date;
  /** Why, for the history row of a request move it causes. */
  detail?: string;
}

/**
 * A status change of a request's payment and what it causes (decisions D7, payments table),
 * inside the caller's transaction: the payment, the other payment (inbound COMPLETED starts the
 * payout), the request's fields and status move (cause "payment"), history and event.
 */
export async function applyPaymentChange(
  tx: Executor,
  deps: ServiceDeps,
  current: LoadedRequest,
  change: PaymentChange,
  cause: HistoryCause = "payment",
): Promise<{ loaded: LoadedRequest; view: SettlementRequestView }> {
  const now = deps.clock.now();
  const payment = change.type === "PAYIN" ? current.inbound : current.outbound;
  const patch: PaymentPatch = paymentStatusPatch(payment, change.status, now, {
    failureReason: change.failureReason,
    statusChangedAt: change.statusChangedAt,
  });
  if (change.receivedAmount !== undefined) patch.receivedAmount = change.receivedAmount;

  const effect = planPaymentEffect(change.type, change.status, {
    requestStatus: current.row.status,
    instructedAmount: current.inbound.amount,
    receivedAmount: change.type === "PAYIN" ? (change.receivedAmount ?? null) : null,
    currency: current.inbound.currency,
    outboundStatus: current.outbound.status,
  });

  const result: RequestChange = { request: {} };
  if (change.type === "PAYIN") result.inbound = patch;
  else result.outbound = patch;
  if (effect.otherPayment?.type === "PAYOUT") {
    result.outbound = paymentStatusPatch(current.outbound, effect.otherPayment.to, now);
  }
  if (effect.setProcessingAt && !current.row.processingAt) result.request = { ...result.request, processingAt: now };
  // When the move was due (a rail step applied by a clock advance), not when it was applied.
  const at = change.statusChangedAt ?? now;
  if (effect.setCompletedAt && !current.row.completedAt) result.request = { ...result.request, completedAt: at };
  if (effect.failure)
    result.request = { ...result.request, failureCode: effect.failure.code, failureReason: effect.failure.reason };
  if (effect.request.kind === "move") {
    result.move = {
      to: effect.request.to,
      cause,
      paymentId: payment.id,
      at,
      detail: change.detail ?? `${change.type === "PAYIN" ? "inbound" : "outbound"} payment ${change.status}`,
    };
  }
  return commitRequestChange(tx, deps, current, result);
}
