import "server-only";
import type { Payment } from "@/lib/schemas/payment";
import type { SandboxPaymentStatusBody } from "@/lib/schemas/sandbox";
import type { Caller, ServiceDeps } from "../context";
import type { PaymentRow } from "../store/payments";

/**
 * The seam between the sandbox payment PATCH and the resource that owns a payment. Settlement
 * request payments are handled by the PATCH itself; every other owner is one entry of
 * PAYMENT_OWNERS (use-cases/sandbox-set-payment-status.ts).
 *
 * The owner applies the status change (and whatever it causes on its owner) in one
 * transaction and returns the payment as GET /v0/payments/{id} returns it. It throws ApiError
 * for refusals (e.g. 409 invalid_transition).
 */
export interface PaymentOwnerChange {
  paymentId: string;
  /** The owner's id (e.g. disbursement_id of the payment row). */
  ownerId: string;
  body: SandboxPaymentStatusBody;
}

export interface PaymentOwner {
  /** The owner's id on the payment row, or null when this owner does not own the payment. */
  ownerIdOf(payment: PaymentRow): string | null;
  applyStatus(deps: ServiceDeps, caller: Caller, change: PaymentOwnerChange): Promise<Payment>;
}
