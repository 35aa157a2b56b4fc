import "server-only";
import { paginated, paymentSchema, paymentTotalsSchema, type PaymentListQuery } from "@/lib/schemas";
import type { Environment } from "@/lib/schemas/catalog";
import { callApi, seg } from "./client";

export const paymentPageSchema = paginated(paymentSchema).extend({ totals: paymentTotalsSchema.optional() });

/** GET /v0/payments: filters status, type, settlement_request_id. */
export function listPayments(env: Environment, query: Partial<PaymentListQuery>) {
  return callApi(env, { method: "GET", path: "/v0/payments", query, schema: paymentPageSchema });
}

export function getPayment(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/payments/${seg(id)}`, schema: paymentSchema });
}
