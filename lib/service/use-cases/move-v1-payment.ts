import "server-only";
import { toCanonical, toDec } from "@/lib/money/decimal";
import type { Chain } from "@/lib/schemas/catalog";
import type { ServiceDeps } from "../context";
import { ApiError } from "../errors";
import { emitEvent } from "../outbox/emit";
import type { Executor } from "@/lib/db/database";
import { consumeReserve, debitAvailable, releaseReserve, type BalanceKey } from "../store/ledger";
import { updateV1PaymentFrom, type V1PaymentRow } from "../store/v1-payments";
import { planV1PaymentMove, v1ConfirmationAt, type V1PaymentStatus } from "@/lib/state-machine";
import { noteBalanceChange } from "./balances";
import { simulatedTransactionHash } from "./simulated-transaction-hash";
import { v1PaymentToWire } from "./v1-payment-view";

export interface V1MoveOptions {
  at: Date;
  failureReason?: string;
}

/**
 * One move of a /v1 payment by the document's state table (planV1PaymentMove), with its
 * effects: the balance through the ledger (the reserve; the network fee, and the move the table
 * makes instead when the balance no longer covers it), the row, and its `payment.*` event, in
 * the caller's transaction. The row must be locked in that transaction.
 */
export async function moveV1Payment(
  tx: Executor,
  deps: Pick<ServiceDeps, "config">,
  row: V1PaymentRow,
  to: V1PaymentStatus,
  options: V1MoveOptions,
): Promise<V1PaymentRow> {
  const plan = planV1PaymentMove(row.status, to);
  if (plan.kind === "invalid") throw new ApiError("invalid_transition", `Payment ${plan.message}`);
  const { effects } = plan;
  const { at } = options;
  const key: BalanceKey = { accountId: row.accountId, environment: row.environment, currency: row.currencyCode };
  const ref = { refType: "v1_payment" as const, refId: row.id };

  if (effects.networkFee && toDec(row.networkFee).gt(0)) {
    const fee = await debitAvailable(tx, key, row.networkFee, "network_fee", ref, at);
    if (!fee) {
      return moveV1Payment(tx, deps, row, effects.networkFee.uncovered, {
        at,
        failureReason: `Available ${row.currencyCode} balance does not cover the ${row.chain} network fee ${toCanonical(row.networkFee)}`,
      });
    }
    await noteBalanceChange(tx, key, fee, deps.config.lowBalanceThreshold, at);
  }
  if (effects.reserve === "consume") await consumeReserve(tx, key, row.amount, ref, at);
  if (effects.reserve === "release") await releaseReserve(tx, key, row.amount, ref, at);

  const updated = await updateV1PaymentFrom(tx, row.id, row.status, {
    status: to,
    updatedAt: at,
    ...(effects.schedulesConfirmation ? { confirmAt: v1ConfirmationAt(at, deps.config.railDelays) } : {}),
    ...(effects.setTransactionHash ? { transactionHash: simulatedTransactionHash(row.chain as Chain) } : {}),
    ...(effects.setCompletedAt ? { completedAt: at } : {}),
    ...(effects.failureReason ? { failureReason: options.failureReason ?? effects.failureReason.fallback } : {}),
  });
  if (!updated)
    throw new ApiError("invalid_transition", `Payment moved concurrently; cannot move from ${row.status} to ${to}`);
  await emitEvent(tx, {
    accountId: row.accountId,
    environment: row.environment,
    type: effects.event,
    data: v1PaymentToWire(updated),
    at,
  });
  return updated;
}
