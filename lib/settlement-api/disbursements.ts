import "server-only";
import {
  disbursementPageSchema,
  disbursementSchema,
  type DisbursementCreateInput,
  type DisbursementListQuery,
} from "@/lib/schemas";
import type { Environment } from "@/lib/schemas/catalog";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { callApi, seg } from "./client";

/** POST /v0/disbursements, with the Idempotency-Key of one intended submission. */
export function createDisbursement(env: Environment, body: DisbursementCreateInput, idempotencyKey: string) {
  return callApi(env, { ...apiCalls.createDisbursement(body, idempotencyKey), schema: disbursementSchema });
}

export function getDisbursement(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/disbursements/${seg(id)}`, schema: disbursementSchema });
}

/** GET /v0/disbursements (extension): filters status, currency, created range; totals on request. */
export function listDisbursements(env: Environment, query: Partial<DisbursementListQuery>) {
  return callApi(env, { method: "GET", path: "/v0/disbursements", query, schema: disbursementPageSchema });
}
