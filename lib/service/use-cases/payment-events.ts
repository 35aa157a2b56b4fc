import "server-only";
import type { EventType } from "@/lib/state-machine/webhooks";
import type { PaymentStatus } from "@/lib/state-machine";
import { emitEvent } from "../outbox/emit";
import type { NewEvent } from "../store/events";
import type { Executor } from "@/lib/db/database";
import type { PaymentRow } from "../store/payments";
import { toPayment } from "./payment-view";

/**
 * The payment.* events of every payment (decision D10.4): a settlement request's inbound and
 * outbound payments and a disbursement's payment send `payment.created` when made, and
 * `payment.processing`, `payment.completed`, `payment.failed` when they enter those statuses,
 * whatever moved them. /v1 payments send their own (their resource is the /v1 payment).
 */
const ENTERED: Partial<Record<PaymentStatus, EventType>> = {
  PROCESSING: "payment.processing",
  COMPLETED: "payment.completed",
  FAILED: "payment.failed",
};

/** The event a payment's move from `before` to its current status sends, or null. */
export function paymentMoveEvent(before: PaymentStatus, after: PaymentRow, at: Date): NewEvent | null {
  if (before === after.status) return null;
  const type = ENTERED[after.status];
  if (!type) return null;
  return paymentEvent(type, after, at);
}

export function paymentEvent(type: EventType, payment: PaymentRow, at: Date): NewEvent {
  return { accountId: payment.accountId, environment: payment.environment, type, data: toPayment(payment), at };
}

/** Emits the event of a payment's move, if it sends one, in the caller's transaction. */
export async function emitPaymentMove(tx: Executor, before: PaymentStatus, after: PaymentRow, at: Date): Promise<void> {
  const event = paymentMoveEvent(before, after, at);
  if (event) await emitEvent(tx, event);
}
