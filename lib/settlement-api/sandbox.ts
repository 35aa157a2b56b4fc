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
import { eventSchema } from "@/lib/schemas/event";
import { paginated } from "@/lib/schemas/list";
import { maskInboxUrl } from "@/lib/schemas/mask";
import { balanceSchema, sandboxClockSchema } from "@/lib/schemas/sandbox";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { callApi } from "./client";

export function getSandboxInfo(env: Environment) {
  return callApi(env, { method: "GET", path: "/v0/sandbox/info", schema: sandboxInfoSchema });
}

/** PATCH /v0/sandbox/settlement-requests/{id}/status: any status, no source-state rule. */
export function simulateSettlementRequestStatus(
  env: Environment,
  id: string,
  body: z.input<typeof sandboxSettlementStatusSchema>,
) {
  return callApi(env, { ...apiCalls.simulateSettlementRequestStatus(id, body), schema: settlementRequestSchema });
}

/** PATCH /v0/sandbox/payments/{id}/status; `amount` simulates a mismatch on an inbound payment. */
export function simulatePaymentStatus(env: Environment, id: string, body: SandboxPaymentStatusInput) {
  return callApi(env, { ...apiCalls.simulatePaymentStatus(id, body), schema: paymentSchema });
}

/** GET /v0/sandbox/clock (extension): the account's sandbox time. */
export function getSandboxClock(env: Environment) {
  return callApi(env, { method: "GET", path: "/v0/sandbox/clock", schema: sandboxClockSchema });
}

/** POST /v0/sandbox/clock/advance (extension): moves it forward; what became due is applied before the answer. */
export function advanceSandboxClock(env: Environment, seconds: number) {
  return callApi(env, { ...apiCalls.advanceSandboxClock(seconds), schema: sandboxClockSchema });
}

/** POST /v0/sandbox/balances/fund (extension): adds test money to the sandbox's pre-funded balance. */
export function fundSandbox(env: Environment, body: { currency: string; amount: string }) {
  return callApi(env, { ...apiCalls.fundSandbox(body), schema: balanceSchema });
}

/** GET /v0/events/{id} (extension): one event, its payload and its deliveries. */
export async function getEvent(env: Environment, id: string) {
  const found = await callApi(env, {
    method: "GET",
    path: `/v0/events/${encodeURIComponent(id)}`,
    schema: eventSchema,
  });
  return found.ok ? { ...found, data: withDeliveryUrlsCut(found.data) } : found;
}

/** An event with its deliveries' inbox URLs cut (decisions D9.11): a remote service may serve them whole. */
function withDeliveryUrlsCut<E extends { deliveries: Array<{ url: string }> }>(event: E): E {
  return { ...event, deliveries: event.deliveries.map((d) => ({ ...d, url: maskInboxUrl(d.url) })) };
}

/** GET /v0/events (extension): the newest events, each with its deliveries. */
export async function listEvents(
  env: Environment,
  query: { page_size?: number; type?: string; resource_id?: string } = {},
) {
  const found = await callApi(env, { method: "GET", path: "/v0/events", query, schema: paginated(eventSchema) });
  return found.ok ? { ...found, data: { ...found.data, data: found.data.data.map(withDeliveryUrlsCut) } } : found;
}
