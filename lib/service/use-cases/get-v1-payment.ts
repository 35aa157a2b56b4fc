import "server-only";
import type { V1Payment } from "@/lib/schemas/v1-payment";
import type { Caller, ServiceDeps } from "../context";
import { expireDueV1Payments } from "./v1-payment-clock";
import { loadV1Payment, v1PaymentToWire } from "./v1-payment-view";

/** GET /v1/payments/{id}; a payment past its window reads EXPIRED even between scheduler ticks. */
export async function getV1Payment(deps: ServiceDeps, caller: Caller, id: string): Promise<V1Payment> {
  await expireDueV1Payments(deps, caller);
  return v1PaymentToWire(await loadV1Payment(deps.db, caller, { id }));
}
