import "server-only";
import type { HistoryCause, PaymentStatus, SandboxSettlementStatus } from "@/lib/state-machine";
import type { ServiceDeps } from "../context";
import { emitEvent } from "../outbox/emit";
import type { Executor } from "@/lib/db/database";
import { updatePayment, type NewPaymentRow, type PaymentRow } from "../store/payments";
import { insertHistory, updateSettlementRequest, type NewSettlementRequestRow } from "../store/settlement-requests";
import type { LoadedRequest } from "./load-settlement-request";
import { emitPaymentMove } from "./payment-events";
import { toSettlementRequest, type SettlementRequestView } from "./settlement-request-view";

export type PaymentPatch = Partial<Omit<NewPaymentRow, "id" | "accountId" | "environment">>;
export type RequestPatch = Partial<Omit<NewSettlementRequestRow, "id" | "accountId" | "environment" | "status">>;

/** The columns a payment status change writes (status time, completed_at, failure_reason). */
export function paymentStatusPatch(
  payment: PaymentRow,
  status: PaymentStatus,
  now: Date,
  extra: { failureReason?: string; statusChangedAt?: Date } = {},
): PaymentPatch {
  return {
    status,
    updatedAt: now,
    statusChangedAt: extra.statusChangedAt ?? now,
    // A move applied late (a sandbox clock advance) completed when it was due, not when applied.
    completedAt: status === "COMPLETED" ? (payment.completedAt ?? extra.statusChangedAt ?? now) : payment.completedAt,
    failureReason:
      extra.failureReason ?? (status === "FAILED" ? (payment.failureReason ?? defaultFailureReason(payment)) : null),
  };
}

/** A FAILED payment always says why (decision D7.3), even when whatever failed it gave no reason. */
function defaultFailureReason(payment: PaymentRow): string {
  return payment.type === "PAYIN"
    ? `The inbound ${payment.currency} payment over ${payment.rail} failed`
    : `The outbound ${payment.currency} payment over ${payment.rail} failed`;
}

export interface RequestChange {
  /** A status move: writes a history row. */
  move?: { to: SandboxSettlementStatus; cause: HistoryCause; paymentId?: string; detail?: string; at?: Date };
  request?: RequestPatch;
  inbound?: PaymentPatch;
  outbound?: PaymentPatch;
}

/**
 * Writes one change of a request inside the caller's transaction: its payments, its row, the
 * history row of a status move, the payment.* event of each payment that entered PROCESSING,
 * COMPLETED or FAILED, and the settlement_request.updated event carrying the request as GET
 * returns it afterwards.
 */
export async function commitRequestChange(
  tx: Executor,
  deps: ServiceDeps,
  current: LoadedRequest,
  change: RequestChange,
): Promise<{ loaded: LoadedRequest; view: SettlementRequestView }> {
  const now = deps.clock.now();
  const inbound = change.inbound ? await updatePayment(tx, current.inbound.id, change.inbound) : current.inbound;
  const outbound = change.outbound ? await updatePayment(tx, current.outbound.id, change.outbound) : current.outbound;
  await emitPaymentMove(tx, current.inbound.status, inbound, now);
  await emitPaymentMove(tx, current.outbound.status, outbound, now);
  const row = await updateSettlementRequest(tx, current.row.id, {
    ...change.request,
    ...(change.move ? { status: change.move.to } : {}),
    updatedAt: now,
  });
  if (change.move) {
    await insertHistory(tx, {
      settlementRequestId: row.id,
      at: change.move.at ?? now,
      fromStatus: current.row.status,
      toStatus: change.move.to,
      cause: change.move.cause,
      paymentId: change.move.paymentId ?? null,
      detail: change.move.detail ?? null,
    });
  }
  const view = toSettlementRequest(row, [inbound, outbound], now);
  await emitEvent(tx, {
    accountId: row.accountId,
    environment: row.environment,
    type: "settlement_request.updated",
    data: view,
    at: now,
  });
  return { loaded: { row, inbound, outbound }, view };
}
