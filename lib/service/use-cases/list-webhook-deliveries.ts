import "server-only";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Paginated } from "@/lib/schemas/list";
import type { WebhookDelivery } from "@/lib/schemas/webhook";
import type { WebhookDeliveryStatus } from "@/lib/state-machine";
import type { Caller, ServiceDeps } from "../context";
import { webhookDeliveries, webhookDeliveryAttempts } from "../store/schema";
import { findWebhook, pageOf, toDelivery } from "./webhook-records";

export interface DeliveryListQuery {
  page: number;
  page_size: number;
  status?: WebhookDeliveryStatus;
  event_id?: string;
}

/** GET /v0/webhooks/{id}/deliveries (extension): newest first, each with its attempts. */
export async function listWebhookDeliveries(deps: ServiceDeps, caller: Caller, webhookId: string, query: DeliveryListQuery): Promise<Paginated<WebhookDelivery>> {
  const webhook = await findWebhook(deps.db, caller, webhookId);
  const where = and(
    eq(webhookDeliveries.webhookId, webhook.id),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.event_id ? eq(webhookDeliveries.eventId, query.event_id) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    deps.db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  const attempts = rows.length
    ? await deps.db.select().from(webhookDeliveryAttempts).where(inArray(webhookDeliveryAttempts.deliveryId, rows.map((r) => r.id)))
    : [];
  return {
    data: rows.map((r) => toDelivery(r, attempts.filter((a) => a.deliveryId === r.id))),
    pagination: pageOf(query.page, query.page_size, Number(total)),
  };
}
