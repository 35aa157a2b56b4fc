import "server-only";
import { emitPaymentMove } from "./payment-events";
import type { Payment } from "@/lib/schemas/payment";
import type { ServiceDeps, Caller } from "../context";
import { ApiError } from "../errors";
import { updateDisbursement } from "../store/disbursements";
import { paymentById, updatePayment } from "../store/payments";
import {
  DISBURSEMENT_STATUS_OF_PAYMENT,
  disbursementFailureCode,
  disbursementNextStepAfterPaymentPatch,
  planDisbursementPath,
} from "@/lib/state-machine";
import { loadDisbursement } from "./disbursement-view";
import { moveDisbursement } from "./move-disbursement";
import type { PaymentOwner, PaymentOwnerChange } from "./payment-owners";
import { toPayment } from "./payment-view";

/**
 * PATCH /v0/sandbox/payments/{id}/status on a disbursement's payment: the payment takes the
 * status sent, and the disbursement follows by DISBURSEMENT_STATUS_OF_PAYMENT (through
 * PROCESSING when skipping it), with the balance effects of each move. Out of COMPLETED or
 * FAILED: 409 invalid_transition (the money has moved; the sandbox cannot undo it).
 */
export async function forceDisbursementPayment(
  deps: ServiceDeps,
  caller: Caller,
  change: PaymentOwnerChange,
): Promise<Payment> {
  const at = deps.clock.now();
  const { status, failure_reason: reason } = change.body;
  return deps.db.transaction(async (tx) => {
    let row = await loadDisbursement(tx, caller, change.ownerId, true);
    const target = DISBURSEMENT_STATUS_OF_PAYMENT[status];
    const path = planDisbursementPath(row.status, target);
    if (path.kind === "invalid") {
      throw new ApiError("invalid_transition", `Disbursement ${path.message} (payment status ${status})`);
    }
    const nextStepAt = disbursementNextStepAfterPaymentPatch(target, status, at, deps.config.railDelays);
    if (path.moves.length === 0) {
      const before = await paymentById(tx, row.paymentId);
      const moved = await updatePayment(tx, row.paymentId, {
        status,
        updatedAt: at,
        statusChangedAt: at,
        ...(reason ? { failureReason: reason } : {}),
      });
      await emitPaymentMove(tx, before.status, moved, at);
      await updateDisbursement(tx, row.id, { nextStepAt, updatedAt: at });
    }
    for (const [i, move] of path.moves.entries()) {
      const last = i === path.moves.length - 1;
      row = await moveDisbursement(tx, row, move.to, {
        at,
        nextStepAt: last ? nextStepAt : null,
        ...(last ? { paymentStatus: status } : {}),
        ...(move.to === "FAILED"
          ? {
              failure: {
                code: disbursementFailureCode(status),
                message: reason ?? `Payment ${status.toLowerCase()} (sandbox)`,
              },
            }
          : {}),
      });
    }
    return toPayment(await paymentById(tx, change.paymentId));
  });
}

/** Disbursements own their outbound payment (disbursement_id). */
export const disbursementPaymentOwner: PaymentOwner = {
  ownerIdOf: (payment) => payment.disbursementId,
  applyStatus: forceDisbursementPayment,
};
