import "server-only";
import type { Webhook, WebhookUpdate } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { updateWebhook as updateRow } from "../store/webhooks";
import { assertUrlAllowed } from "./create-webhook";
import { loadWebhook, toWebhook } from "./webhook-view";

/**
 * PATCH /v0/webhooks/{id}: `events` replaces the list; `status` ACTIVE or DISABLED (a DISABLED
 * endpoint gets no new deliveries, and those already queued wait until it is ACTIVE again). A new URL is checked
 * like on create.
 */
export async function updateWebhook(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WebhookUpdate,
): Promise<Webhook> {
  const current = await loadWebhook(deps.db, caller, id);
  if (input.url !== undefined && input.url !== current.url) await assertUrlAllowed(caller, input.url, deps.config);
  const row = await updateRow(deps.db, current.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    updatedAt: deps.clock.now(),
  });
  if (!row) return toWebhook(await loadWebhook(deps.db, caller, id));
  return toWebhook(row);
}
