import "server-only";
import type { WebhookRedriveInput, WebhookRedriven } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { invalidField } from "../errors";
import { signalDeliveryWork } from "../outbox/signal";
import { failedAmong, redriveFailed } from "../store/webhooks";
import { loadWebhook } from "./webhook-view";

/**
 * POST /v0/webhooks/{id}/dead-letters/redrive (extension, issue 63): deliveries that used their
 * ten attempts (FAILED) are due again now, all of them or the ones named, each counting on from
 * its last attempt like "Retry now" (a failure leaves it FAILED again). A named id that is not a
 * dead letter of this endpoint: 400 naming it, nothing moved.
 */
export async function redriveDeadLetters(
  deps: ServiceDeps,
  caller: Caller,
  webhookId: string,
  input: WebhookRedriveInput,
): Promise<WebhookRedriven> {
  const webhook = await loadWebhook(deps.db, caller, webhookId);
  const only = input.delivery_ids ? [...new Set(input.delivery_ids)] : null;
  if (only) {
    const failed = await failedAmong(deps.db, webhook.id, only);
    const i = input.delivery_ids?.findIndex((id) => !failed.has(id)) ?? -1;
    if (i >= 0) throw invalidField(`delivery_ids.${i}`, "Not a dead letter (a FAILED delivery) of this endpoint");
  }
  const ids = await redriveFailed(deps.db, webhook.id, deps.clock.now(), only);
  if (ids.length > 0) signalDeliveryWork();
  return { redriven: ids.length, delivery_ids: ids };
}
