import "server-only";
import type { Payment } from "@/lib/schemas/payment";
import type { SandboxPaymentStatusBody } from "@/lib/schemas/sandbox";
import type { Caller, ServiceDeps } from "../context";
import { invalidField, notFound } from "../errors";
import { findPayment } from "../store/payments";
import { applyPaymentChange } from "./apply-payment-change";
import { loadSettlementRequest } from "./load-settlement-request";
import { disbursementPaymentOwner } from "./disbursement-payment-owner";
import type { PaymentOwner } from "./payment-owners";
import { toPayment } from "./payment-view";

/** Owners of payments other than settlement requests; a new owner is one line here. */
const PAYMENT_OWNERS: readonly PaymentOwner[] = [disbursementPaymentOwner];

/**
 * PATCH /v0/sandbox/payments/{id}/status (decisions D8): sets any status on a payment and
 * propagates it to the owner. A settlement request's payment moves its request by the payments
 * table of §7; any other payment goes to its owner in PAYMENT_OWNERS (a disbursement's, to the disbursement).
 */
export async function sandboxSetPaymentStatus(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: SandboxPaymentStatusBody,
): Promise<Payment> {
  const scope = { accountId: caller.accountId, environment: caller.environment };
  const payment = await findPayment(deps.db, scope, id);
  if (!payment) throw notFound("Payment");
  for (const owner of PAYMENT_OWNERS) {
    const ownerId = owner.ownerIdOf(payment);
    if (ownerId) return owner.applyStatus(deps, caller, { paymentId: id, ownerId, body });
  }
  if (!payment.settlementRequestId) throw notFound("Payment");
  if (body.amount !== undefined && payment.type !== "PAYIN") {
    throw invalidField("amount", "Only an inbound (PAYIN) payment takes the amount received");
  }
  const requestId = payment.settlementRequestId;
  return deps.db.transaction(async (tx) => {
    const current = await loadSettlementRequest(tx, scope, requestId, { lock: true });
    const { loaded } = await applyPaymentChange(tx, deps, current, {
      type: payment.type,
      status: body.status,
      failureReason: body.failure_reason,
      receivedAmount: body.amount,
      detail: `sandbox: ${payment.type === "PAYIN" ? "inbound" : "outbound"} payment ${body.status}`,
    });
    return toPayment(payment.type === "PAYIN" ? loaded.inbound : loaded.outbound);
  });
}
