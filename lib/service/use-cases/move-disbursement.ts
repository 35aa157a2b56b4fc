import "server-only";
import { emitPaymentMove } from "./payment-events";
import type { Chain } from "@/lib/schemas/catalog";
import { ApiError } from "../errors";
import type { Executor } from "@/lib/db/database";
import { consumeReserve, releaseReserve, type BalanceKey } from "../store/ledger";
import { updateDisbursementFrom, type DisbursementRow } from "../store/disbursements";
import { paymentById, updatePayment } from "../store/payments";
import {
  DISBURSEMENT_PAYMENT_STATUS,
  planDisbursementMove,
  type DisbursementStatus,
  type PaymentStatus,
} from "@/lib/state-machine";
import { simulatedTransactionHash } from "./simulated-transaction-hash";

export interface DisbursementMoveOptions {
  at: Date;
  /** Required by moves to FAILED. */
  failure?: { code: string; message: string };
  /** The payment's status after the move (a sandbox PATCH sets its own); default: the usual one. */
  paymentStatus?: PaymentStatus;
  /** When the simulated rail takes the next step; null holds it. */
  nextStepAt: Date | null;
}

/**
 * One move of a disbursement, guarded by the state machine, with its balance effect (consume or
 * release the reserve, through the ledger) and its outbound payment, in the caller's
 * transaction. The row must have been read FOR UPDATE in that transaction.
 */
export async function moveDisbursement(
  tx: Executor,
  row: DisbursementRow,
  to: DisbursementStatus,
  options: DisbursementMoveOptions,
): Promise<DisbursementRow> {
  const plan = planDisbursementMove(row.status, to);
  if (plan.kind === "invalid") throw new ApiError("invalid_transition", `Disbursement ${plan.message}`);
  const { effects } = plan;
  const { at } = options;
  if (effects.needsFailureReason && !options.failure) throw new Error("a move to FAILED needs a failure reason");

  const key: BalanceKey = { accountId: row.accountId, environment: row.environment, currency: row.currency };
  const ref = { refType: "disbursement" as const, refId: row.id };
  if (effects.reserve === "consume") await consumeReserve(tx, key, row.amount, ref, at);
  if (effects.reserve === "release") await releaseReserve(tx, key, row.amount, ref, at);

  const transactionHash = effects.setTransactionHash
    ? simulatedTransactionHash(row.chain as Chain)
    : row.transactionHash;
  const updated = await updateDisbursementFrom(tx, row.id, row.status, {
    status: to,
    updatedAt: at,
    nextStepAt: options.nextStepAt,
    transactionHash,
    ...(effects.setCompletedAt ? { completedAt: at } : {}),
    ...(options.failure ? { failureCode: options.failure.code, failureMessage: options.failure.message } : {}),
  });
  if (!updated)
    throw new ApiError(
      "invalid_transition",
      `Disbursement moved concurrently; cannot move from ${row.status} to ${to}`,
    );

  const payment = await paymentById(tx, row.paymentId);
  const paymentStatus = options.paymentStatus ?? DISBURSEMENT_PAYMENT_STATUS[to];
  const movedPayment = await updatePayment(tx, row.paymentId, {
    status: paymentStatus,
    updatedAt: at,
    statusChangedAt: paymentStatus === payment.status ? payment.statusChangedAt : at,
    transactionHash,
    ...(effects.setCompletedAt ? { completedAt: at } : {}),
    ...(options.failure ? { failureReason: options.failure.message } : {}),
  });
  await emitPaymentMove(tx, payment.status, movedPayment, at);
  return updated;
}
