import "server-only";
import type { WebhookDelivery } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { notFound } from "../errors";
import { signalDeliveryWork } from "../outbox/signal";
import { attemptsOf, updateDelivery } from "../store/webhooks";
import { loadWebhook, toDelivery } from "./webhook-view";

/**
 * POST /v0/webhooks/{id}/deliveries/{delivery_id}/retry (extension): the delivery is due now,
 * whatever its status. A PENDING one is brought forward; a FAILED or SUCCEEDED one gets another
 * attempt (it counts on from its last: a failure past the tenth leaves it FAILED again, one
 * before it resumes the schedule). On a DISABLED endpoint it
 * goes out once the endpoint is ACTIVE again.
 */
export async function retryWebhookDelivery(
  deps: ServiceDeps,
  caller: Caller,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const webhook = await loadWebhook(deps.db, caller, webhookId);
  const now = deps.clock.now();
  const row = await updateDelivery(deps.db, webhook.id, deliveryId, {
    status: "PENDING",
    nextAttemptAt: now,
    updatedAt: now,
    replayId: null,
  });
  if (!row) throw notFound(`Delivery ${deliveryId}`);
  signalDeliveryWork();
  return toDelivery(row, await attemptsOf(deps.db, [row.id]));
}
