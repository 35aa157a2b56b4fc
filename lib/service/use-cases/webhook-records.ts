import "server-only";
import { and, eq } from "drizzle-orm";
import type { Pagination } from "@/lib/schemas/list";
import type { Webhook, WebhookDelivery, WebhookDeliveryAttempt } from "@/lib/schemas/webhook";
import type { EventType } from "@/lib/schemas/catalog";
import type { Caller } from "../context";
import { invalidField, notFound } from "../errors";
import { targetPolicy, webhookUrlProblem } from "../outbox/url-guard";
import type { Executor } from "../store/db";
import { type webhookDeliveries, type webhookDeliveryAttempts, webhookEndpoints } from "../store/schema";

export type WebhookRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

/** The wire record (decisions D9); the secret only when create passes it. */
export function toWebhook(row: WebhookRow, options: { withSecret?: boolean } = {}): Webhook {
  return {
    id: row.id,
    url: row.url,
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
    attempts: attempts.sort((a, b) => a.attempt - b.attempt).map(toAttempt),
  };
}

/** The caller's endpoint, or 404 (another account's or environment's id is unknown here). */
export async function findWebhook(db: Executor, caller: Caller, id: string): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, caller.accountId), eq(webhookEndpoints.environment, caller.environment)))
    .limit(1);
  if (!row) throw notFound(`Webhook ${id}`);
  return row;
}

/** Production: https to public addresses; sandbox: public and loopback (decision D9.2). 400 naming `url` otherwise. */
export async function assertUrlAllowed(caller: Caller, url: string, sandboxAllowPrivate = false): Promise<void> {
  const problem = await webhookUrlProblem(url, targetPolicy(caller.environment, sandboxAllowPrivate));
  if (problem) throw invalidField("url", problem);
}

export function pageOf(page: number, pageSize: number, total: number): Pagination {
  return { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) };
}
