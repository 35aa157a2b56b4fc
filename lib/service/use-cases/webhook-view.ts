import "server-only";
import type { Webhook, WebhookDelivery, WebhookDeliveryAttempt } from "@/lib/schemas/webhook";
import type { EventType } from "@/lib/state-machine/webhooks";
import { maskInboxUrl } from "@/lib/schemas/mask";
import type { Caller } from "../context";
import { notFound } from "../errors";
import type { Executor } from "@/lib/db/database";
import { findWebhook, type AttemptRow, type DeliveryRow, type WebhookRow } from "../store/webhooks";

/** Webhook endpoints and deliveries as the API shows them, and the endpoint read the use cases share. */

/** The wire record (decisions D9); the secret only when create passes it, and an inbox URL whole only then too (D9.11). */
export function toWebhook(row: WebhookRow, options: { withSecret?: boolean } = {}): Webhook {
  return {
    id: row.id,
    url: options.withSecret ? row.url : maskInboxUrl(row.url),
    events: row.events as EventType[],
    description: row.description ?? null,
    status: row.status,
    ...(options.withSecret ? { secret: row.secret } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toAttempt(row: AttemptRow): WebhookDeliveryAttempt {
  return {
    attempt: row.attempt,
    at: row.at.toISOString(),
    http_status: row.httpStatus,
    duration_ms: row.durationMs,
    response_body: row.responseBody,
    error: row.error,
  };
}

export function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhookId,
    event_id: row.eventId,
    event_type: row.eventType as EventType,
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === "PENDING" && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    replay_id: row.replayId,
    attempts: attempts.sort((a, b) => a.attempt - b.attempt).map(toAttempt),
  };
}

/** The caller's endpoint, or 404 (another account's or environment's id is unknown here). */
export async function loadWebhook(db: Executor, caller: Caller, id: string): Promise<WebhookRow> {
  const row = await findWebhook(db, caller, id);
  if (!row) throw notFound(`Webhook ${id}`);
  return row;
}
