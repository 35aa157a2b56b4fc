import "server-only";
import {
  paginated,
  settlementHistorySchema,
  settlementTotalsSchema,
  settlementRequestSchema,
  type SettlementRequestCreateInput,
  type SettlementRequestListQuery,
  type SettlementRequestUpdateInput,
} from "@/lib/schemas";
import type { Environment } from "@/lib/schemas/catalog";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { callApi, seg } from "./client";

export const settlementRequestPageSchema = paginated(settlementRequestSchema).extend({
  totals: settlementTotalsSchema.optional(),
});

/** POST /v0/settlement-requests, with the Idempotency-Key of one intended submission. */
export function createSettlementRequest(env: Environment, body: SettlementRequestCreateInput, idempotencyKey: string) {
  return callApi(env, { ...apiCalls.createSettlementRequest(body, idempotencyKey), schema: settlementRequestSchema });
}

/** GET /v0/settlement-requests: newest first; `external_id` is an exact match. */
export function listSettlementRequests(env: Environment, query: Partial<SettlementRequestListQuery>) {
  return callApi(env, { method: "GET", path: "/v0/settlement-requests", query, schema: settlementRequestPageSchema });
}

export function getSettlementRequest(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/settlement-requests/${seg(id)}`, schema: settlementRequestSchema });
}

/** PUT /v0/settlement-requests/{id}: a client move (FUNDS_SENT, cancel, complete, ...). */
export function updateSettlementRequest(env: Environment, id: string, body: SettlementRequestUpdateInput) {
  return callApi(env, { ...apiCalls.updateSettlementRequest(id, body), schema: settlementRequestSchema });
}

/** GET /v0/settlement-requests/{id}/history (extension): every move, oldest first. */
export function getSettlementRequestHistory(env: Environment, id: string) {
  return callApi(env, {
    method: "GET",
    path: `/v0/settlement-requests/${seg(id)}/history`,
    schema: settlementHistorySchema,
  });
}
