import "server-only";
import { and, eq } from "drizzle-orm";
import type { WebhookDelivery } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { notFound } from "../errors";
import { signalDeliveryWork } from "../outbox/signal";
import { webhookDeliveries, webhookDeliveryAttempts } from "../store/schema";
import { findWebhook, toDelivery } from "./webhook-records";

/**
 * POST /v0/webhooks/{id}/deliveries/{delivery_id}/retry (extension): the delivery is due now,
 * whatever its status. A PENDING one is brought forward; a FAILED or SUCCEEDED one gets another
 * attempt (it counts on from its last: a failure past the tenth leaves it FAILED again, one
 * before it resumes the schedule). On a DISABLED endpoint it
 * goes out once the endpoint is ACTIVE again.
 */
export async function retryWebhookDelivery(deps: ServiceDeps, caller: Caller, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const webhook = await findWebhook(deps.db, caller, webhookId);
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({ status: "PENDING", nextAttemptAt: now, updatedAt: now })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhook.id)))
    .returning();
  if (!row) throw notFound(`Delivery ${deliveryId}`);
  signalDeliveryWork();
  const attempts = await deps.db.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.deliveryId, row.id));
  return toDelivery(row, attempts);
}
