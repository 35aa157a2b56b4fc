import "server-only";
import type { Paginated } from "@/lib/schemas/list";
import type { WebhookDelivery } from "@/lib/schemas/webhook";
import type { WebhookDeliveryStatus } from "@/lib/state-machine";
import type { Caller, ServiceDeps } from "../context";
import { attemptsOf, listDeliveries } from "../store/webhooks";
import { pageOf } from "./pagination";
import { loadWebhook, toDelivery } from "./webhook-view";

export interface DeliveryListQuery {
  page: number;
  page_size: number;
  status?: WebhookDeliveryStatus;
  event_id?: string;
}

/** GET /v0/webhooks/{id}/deliveries (extension): newest first, each with its attempts. */
export async function listWebhookDeliveries(
  deps: ServiceDeps,
  caller: Caller,
  webhookId: string,
  query: DeliveryListQuery,
): Promise<Paginated<WebhookDelivery>> {
  const webhook = await loadWebhook(deps.db, caller, webhookId);
  const { rows, total } = await listDeliveries(deps.db, webhook.id, {
    page: query.page,
    pageSize: query.page_size,
    status: query.status,
    eventId: query.event_id,
  });
  const attempts = await attemptsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) =>
      toDelivery(
        r,
        attempts.filter((a) => a.deliveryId === r.id),
      ),
    ),
    pagination: pageOf(query.page, query.page_size, total),
  };
}
