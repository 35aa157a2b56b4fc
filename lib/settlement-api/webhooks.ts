import "server-only";
import { z } from "@/lib/schemas/zod";
import {
  paginated,
  webhookDeliverySchema,
  webhookSchema,
  type PaginationQuery,
  type WebhookCreateInput,
  type WebhookUpdateInput,
} from "@/lib/schemas";
import type { Environment } from "@/lib/schemas/catalog";
import { maskInboxUrl } from "@/lib/schemas/mask";
import {
  webhookRedrivenSchema,
  webhookSecretRotationSchema,
  webhookThrottleViewSchema,
  webhookReplayResultSchema,
  type WebhookReplayInput,
  type WebhookThrottleInput,
  type WebhookRedriveInput,
  type WebhookRotateInput,
} from "@/lib/schemas/webhook";
import { apiCalls, type WebhookPrefix } from "@/lib/dashboard/api-calls";
import { callApi, seg } from "./client";
import type { ApiResult } from "./result";

export type { WebhookPrefix };

export const webhookPageSchema = paginated(webhookSchema);
export const webhookDeliveriesSchema = z.object({ data: z.array(webhookDeliverySchema) }).loose();

export function createWebhook(env: Environment, body: WebhookCreateInput, prefix: WebhookPrefix = "/v0") {
  return callApi(env, { ...apiCalls.createWebhook(body, prefix), schema: webhookSchema });
}

/** An answer with every inbox URL in it cut (decisions D9.11): a remote service may serve them whole. */
export function withInboxUrlsCut<T extends { url: string }>(found: ApiResult<T>): ApiResult<T> {
  return found.ok ? { ...found, data: { ...found.data, url: maskInboxUrl(found.data.url) } } : found;
}

export async function listWebhooks(env: Environment, query: Partial<PaginationQuery>, prefix: WebhookPrefix = "/v0") {
  const found = await callApi(env, { method: "GET", path: `${prefix}/webhooks`, query, schema: webhookPageSchema });
  if (!found.ok) return found;
  return { ...found, data: { ...found.data, data: found.data.data.map((w) => ({ ...w, url: maskInboxUrl(w.url) })) } };
}

export async function getWebhook(env: Environment, id: string, prefix: WebhookPrefix = "/v0") {
  return withInboxUrlsCut(
    await callApi(env, { method: "GET", path: `${prefix}/webhooks/${seg(id)}`, schema: webhookSchema }),
  );
}

export async function updateWebhook(
  env: Environment,
  id: string,
  body: WebhookUpdateInput,
  prefix: WebhookPrefix = "/v0",
) {
  return withInboxUrlsCut(await callApi(env, { ...apiCalls.updateWebhook(id, body, prefix), schema: webhookSchema }));
}

export function deleteWebhook(env: Environment, id: string, prefix: WebhookPrefix = "/v0") {
  return callApi(env, { ...apiCalls.deleteWebhook(id, prefix), schema: z.undefined() });
}

/** POST /v0/webhooks/{id}/rotate (extension): a new secret (shown once); the old one signs too for the overlap. */
export function rotateWebhookSecret(env: Environment, id: string, body: WebhookRotateInput) {
  return callApi(env, { ...apiCalls.rotateWebhookSecret(id, body), schema: webhookSecretRotationSchema });
}

/** GET /v0/webhooks/{id}/rotation (extension): when the secret was rolled, until when the old one signs. */
export function getWebhookRotation(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/webhooks/${seg(id)}/rotation`, schema: webhookSecretRotationSchema });
}

/** GET /v0/webhooks/{id}/deliveries (extension): all, the dead letters (FAILED), or the delivery of one event. */
export function listWebhookDeliveries(env: Environment, id: string, only?: "FAILED" | { eventId: string }) {
  return callApi(env, {
    method: "GET",
    path: `/v0/webhooks/${seg(id)}/deliveries`,
    query: only === "FAILED" ? { status: only, page_size: 100 } : only ? { event_id: only.eventId } : {},
    schema: webhookDeliveriesSchema,
  });
}

/** POST /v0/webhooks/{id}/replay (extension): a range sent again in order, or counted (dry_run). */
export function replayWebhookRange(env: Environment, id: string, body: WebhookReplayInput) {
  return callApi(env, { ...apiCalls.replayWebhookRange(id, body), schema: webhookReplayResultSchema });
}

/** PUT /v0/webhooks/{id}/throttle (extension): at most this many deliveries a second; null: none. */
export function setWebhookThrottle(env: Environment, id: string, body: WebhookThrottleInput) {
  return callApi(env, { ...apiCalls.setWebhookThrottle(id, body), schema: webhookThrottleViewSchema });
}

/** GET /v0/webhooks/{id}/throttle (extension). */
export function getWebhookThrottle(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/webhooks/${seg(id)}/throttle`, schema: webhookThrottleViewSchema });
}

/** POST /v0/webhooks/{id}/dead-letters/redrive (extension): every FAILED delivery (or those named) due again now. */
export function redriveDeadLetters(env: Environment, id: string, body: WebhookRedriveInput) {
  return callApi(env, { ...apiCalls.redriveDeadLetters(id, body), schema: webhookRedrivenSchema });
}

/** POST /v0/webhooks/{id}/deliveries/{delivery_id}/retry (extension). */
export function retryWebhookDelivery(env: Environment, id: string, deliveryId: string) {
  return callApi(env, { ...apiCalls.retryWebhookDelivery(id, deliveryId), schema: webhookDeliverySchema });
}
