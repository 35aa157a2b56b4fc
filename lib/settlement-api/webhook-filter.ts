import "server-only";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/schemas/catalog";
import {
  webhookFilterPreviewResultSchema,
  webhookFilterViewSchema,
  type WebhookFilterInput,
  type WebhookFilterPreviewInput,
} from "@/lib/schemas/webhook-filter";
import { callApi, seg } from "./client";

/** GET /v0/webhooks/{id}/filter (extension, decisions D9.16). */
export function getWebhookFilter(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/webhooks/${seg(id)}/filter`, schema: webhookFilterViewSchema });
}

/** PUT /v0/webhooks/{id}/filter (extension): the payload condition, or null. */
export function setWebhookFilter(env: Environment, id: string, body: WebhookFilterInput) {
  return callApi(env, { ...apiCalls.setWebhookFilter(id, body), schema: webhookFilterViewSchema });
}

/** POST /v0/webhooks/{id}/filter/preview (extension): how many of the last day's events a condition lets through. */
export function previewWebhookFilter(env: Environment, id: string, body: WebhookFilterPreviewInput) {
  return callApi(env, {
    method: "POST",
    path: `/v0/webhooks/${seg(id)}/filter/preview`,
    body,
    schema: webhookFilterPreviewResultSchema,
  });
}
