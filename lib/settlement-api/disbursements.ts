import "server-only";
import { disbursementSchema, type DisbursementCreateInput } from "@/lib/schemas";
import type { Environment } from "@/lib/schemas/catalog";
import { callApi, seg } from "./client";

/** POST /v0/disbursements, with the Idempotency-Key of one intended submission. */
export function createDisbursement(env: Environment, body: DisbursementCreateInput, idempotencyKey: string) {
  return callApi(env, {
    method: "POST",
    path: "/v0/disbursements",
    body,
    headers: { "Idempotency-Key": idempotencyKey },
    schema: disbursementSchema,
  });
}

export function getDisbursement(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/disbursements/${seg(id)}`, schema: disbursementSchema });
}
