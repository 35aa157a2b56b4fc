import "server-only";
import type { Payment } from "@/lib/schemas/payment";
import type { Caller, ServiceDeps } from "../context";
import { notFound } from "../errors";
import { findPayment } from "../store/payments";
import { toPayment } from "./payment-view";

/** GET /v0/payments/{id}. */
export async function getPayment(deps: ServiceDeps, caller: Caller, id: string): Promise<Payment> {
  const row = await findPayment(deps.db, caller, id);
  if (!row) throw notFound("Payment");
  return toPayment(row);
}
