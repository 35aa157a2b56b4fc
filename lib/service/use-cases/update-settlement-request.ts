import "server-only";
import { isTransactionIdRemoved, type SettlementRequestUpdate } from "@/lib/schemas/settlement-request";
import { planClientMove, reconciliationExpectedAt } from "@/lib/state-machine";
import type { Caller, ServiceDeps } from "../context";
import { ApiError, invalidField } from "../errors";
import {
  commitRequestChange,
  paymentStatusPatch,
  type PaymentPatch,
  type RequestChange,
} from "./commit-request-change";
import { loadSettlementRequest } from "./load-settlement-request";
import { toSettlementRequest, type SettlementRequestView } from "./settlement-request-view";

/**
 * PUT /v0/settlement-requests/{id} (decisions D7): guard the move with the state machine, then
 * write the request, its payments, the history row and the event in one transaction. PUT to
 * the current status changes nothing and emits nothing.
 */
export async function updateSettlementRequest(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: SettlementRequestUpdate,
): Promise<SettlementRequestView> {
  const now = deps.clock.now();
  let externalId = body.external_id;
  if (body.transaction_id !== undefined) {
    if (isTransactionIdRemoved(now)) {
      throw invalidField("external_id", "transaction_id was removed on 2026-05-25: send the value as external_id");
    }
    externalId ??= body.transaction_id;
  }
  const scope = { accountId: caller.accountId, environment: caller.environment };

  return deps.db.transaction(async (tx) => {
    const current = await loadSettlementRequest(tx, scope, id, { lock: true });
    const plan = planClientMove(current.row.status, body.status, {
      instructedAmount: current.inbound.amount,
      receivedAmount: current.inbound.receivedAmount,
      currency: current.inbound.currency,
    });
    if (plan.kind === "invalid") throw new ApiError("invalid_transition", plan.message);
    if (plan.kind === "noop") return toSettlementRequest(current.row, [current.inbound, current.outbound], now);

    const inbound: PaymentPatch = plan.inbound ? paymentStatusPatch(current.inbound, plan.inbound, now) : {};
    const outbound: PaymentPatch = plan.outbound ? paymentStatusPatch(current.outbound, plan.outbound, now) : {};
    if (body.txHash !== undefined && plan.txHashOn === "PAYIN")
      Object.assign(inbound, { transactionHash: body.txHash, updatedAt: now });
    if (body.txHash !== undefined && plan.txHashOn === "PAYOUT")
      Object.assign(outbound, { transactionHash: body.txHash, updatedAt: now });

    const change: RequestChange = {
      move: { to: plan.to, cause: "api" },
      request: {
        ...(externalId !== undefined ? { externalId } : {}),
        ...(plan.setReconciliation
          ? { reconciliationExpectedAt: reconciliationExpectedAt(current.row.reconciliationOverride, now) }
          : {}),
        // Set if not set yet: a request that reached SETTLEMENT_COMPLETED keeps that time (contract 2026-12-02).
        ...(plan.setCompletedAt && !current.row.completedAt ? { completedAt: now } : {}),
        ...(plan.failure ? { failureCode: plan.failure.code, failureReason: plan.failure.reason } : {}),
      },
      ...(Object.keys(inbound).length > 0 ? { inbound } : {}),
      ...(Object.keys(outbound).length > 0 ? { outbound } : {}),
    };
    const { view } = await commitRequestChange(tx, deps, current, change);
    return view;
  });
}
