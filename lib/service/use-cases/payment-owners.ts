import "server-only";
import type { Payment } from "@/lib/schemas/payment";
import type { SandboxPaymentStatusBody } from "@/lib/schemas/sandbox";
import type { Caller, ServiceDeps } from "../context";

/**
 * The seam between the sandbox payment PATCH and the resource that owns a payment. Settlement
 * request payments are handled here (in this module's caller); other owners register a handler:
 *
 *   registerPaymentOwnerHandler("disbursement", async (deps, caller, { paymentId, disbursementId, body }) => …)
 *
 * The handler applies the status change (and whatever it causes on its owner) in one
 * transaction and returns the payment as GET /v0/payments/{id} returns it. It throws ApiError
 * for refusals (e.g. 409 invalid_transition).
 */
export type PaymentOwnerKind = "disbursement";

export interface PaymentOwnerChange {
  paymentId: string;
  /** The owner's id (disbursement_id of the payment row). */
  ownerId: string;
  body: SandboxPaymentStatusBody;
}

export type PaymentOwnerHandler = (deps: ServiceDeps, caller: Caller, change: PaymentOwnerChange) => Promise<Payment>;

const handlers = new Map<PaymentOwnerKind, PaymentOwnerHandler>();

export function registerPaymentOwnerHandler(kind: PaymentOwnerKind, handler: PaymentOwnerHandler): void {
  handlers.set(kind, handler);
}

export function paymentOwnerHandler(kind: PaymentOwnerKind): PaymentOwnerHandler | undefined {
  return handlers.get(kind);
}
