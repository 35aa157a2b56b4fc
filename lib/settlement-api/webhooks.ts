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
import { apiCalls, type WebhookPrefix } from "@/lib/dashboard/api-calls";
import { callApi, seg } from "./client";

export type { WebhookPrefix };

export const webhookPageSchema = paginated(webhookSchema);
export const webhookDeliveriesSchema = z.object({ data: z.array(webhookDeliverySchema) }).loose();

export function createWebhook(env: Environment, body: WebhookCreateInput, prefix: WebhookPrefix = "/v0") {
  return callApi(env, { ...apiCalls.createWebhook(body, prefix), schema: webhookSchema });
}

export function listWebhooks(env: Environment, query: Partial<PaginationQuery>, prefix: WebhookPrefix = "/v0") {
  return callApi(env, { method: "GET", path: `${prefix}/webhooks`, query, schema: webhookPageSchema });
}

export function getWebhook(env: Environment, id: string, prefix: WebhookPrefix = "/v0") {
  return callApi(env, { method: "GET", path: `${prefix}/webhooks/${seg(id)}`, schema: webhookSchema });
}

export function updateWebhook(env: Environment, id: string, body: WebhookUpdateInput, prefix: WebhookPrefix = "/v0") {
  return callApi(env, { ...apiCalls.updateWebhook(id, body, prefix), schema: webhookSchema });
}

export function deleteWebhook(env: Environment, id: string, prefix: WebhookPrefix = "/v0") {
  return callApi(env, { ...apiCalls.deleteWebhook(id, prefix), schema: z.undefined() });
}

/** GET /v0/webhooks/{id}/deliveries (extension). */
export function listWebhookDeliveries(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/webhooks/${seg(id)}/deliveries`, schema: webhookDeliveriesSchema });
}

/** POST /v0/webhooks/{id}/deliveries/{delivery_id}/retry (extension). */
export function retryWebhookDelivery(env: Environment, id: string, deliveryId: string) {
  return callApi(env, { ...apiCalls.retryWebhookDelivery(id, deliveryId), schema: webhookDeliverySchema });
}
