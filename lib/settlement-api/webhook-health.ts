import "server-only";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/schemas/catalog";
import {
  webhookHealthSchema,
  type WebhookFailurePolicyInput,
  type WebhookOutageInput,
} from "@/lib/schemas/webhook-health";
import { callApi, seg } from "./client";

/** GET /v0/webhooks/{id}/health (extension, decisions D9.15): failing since when, warned, turned off and why. */
export function getWebhookHealth(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/webhooks/${seg(id)}/health`, schema: webhookHealthSchema });
}

/** PUT /v0/webhooks/{id}/failure-policy (extension): hours of only failures before the warning, and before it is turned off. */
export function setWebhookFailurePolicy(env: Environment, id: string, body: WebhookFailurePolicyInput) {
  return callApi(env, { ...apiCalls.setWebhookFailurePolicy(id, body), schema: webhookHealthSchema });
}

/** PUT /v0/webhooks/{id}/outage (sandbox extension): every attempt fails for N hours of the sandbox clock; 0 ends it. */
export function setWebhookOutage(env: Environment, id: string, body: WebhookOutageInput) {
  return callApi(env, { ...apiCalls.setWebhookOutage(id, body), schema: webhookHealthSchema });
}
