import "server-only";
import {
  paginated,
  v1PaymentSchema,
  type V1Notification,
  type V1PaymentCreateInput,
  type V1PaymentListQuery,
} from "@/lib/schemas";
import type { Environment } from "@/lib/schemas/catalog";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { callApi, seg } from "./client";

export const v1PaymentPageSchema = paginated(v1PaymentSchema);

/** POST /v1/payments (type LIQUIDITY); idempotency is the body's idempotency_key. */
export function createV1Payment(env: Environment, body: V1PaymentCreateInput) {
  return callApi(env, { ...apiCalls.createV1Payment(body), schema: v1PaymentSchema });
}

export function listV1Payments(env: Environment, query: Partial<V1PaymentListQuery>) {
  return callApi(env, { method: "GET", path: "/v1/payments", query, schema: v1PaymentPageSchema });
}

export function getV1Payment(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v1/payments/${seg(id)}`, schema: v1PaymentSchema });
}

/** POST /v1/payments/notifications: an incoming fiat payment; starts the on-chain transfer. */
export function notifyV1Payment(env: Environment, body: V1Notification) {
  return callApi(env, { ...apiCalls.notifyV1Payment(body), schema: v1PaymentSchema });
}
