import "server-only";
import type { z } from "zod";
import {
  paymentSchema,
  sandboxInfoSchema,
  settlementRequestSchema,
  type SandboxPaymentStatusInput,
  type sandboxSettlementStatusSchema,
} from "@/lib/schemas";
import type { Environment } from "@/lib/schemas/catalog";
import { callApi, seg } from "./client";

export function getSandboxInfo(env: Environment) {
  return callApi(env, { method: "GET", path: "/v0/sandbox/info", schema: sandboxInfoSchema });
}

/** PATCH /v0/sandbox/settlement-requests/{id}/status: any status, no source-state rule. */
export function simulateSettlementRequestStatus(
  env: Environment,
  id: string,
  body: z.input<typeof sandboxSettlementStatusSchema>,
) {
  return callApi(env, {
    method: "PATCH",
    path: `/v0/sandbox/settlement-requests/${seg(id)}/status`,
    body,
    schema: settlementRequestSchema,
  });
}

/** PATCH /v0/sandbox/payments/{id}/status; `amount` simulates a mismatch on an inbound payment. */
export function simulatePaymentStatus(env: Environment, id: string, body: SandboxPaymentStatusInput) {
  return callApi(env, { method: "PATCH", path: `/v0/sandbox/payments/${seg(id)}/status`, body, schema: paymentSchema });
}
