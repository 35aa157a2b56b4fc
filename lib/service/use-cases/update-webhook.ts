import "server-only";
import type { Webhook, WebhookUpdate } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { updateWebhook as updateRow } from "../store/webhooks";
import type { WebhookRow } from "../store/webhooks";
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
  const now = deps.clock.now();
  const row = await updateRow(deps.db, current.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.status !== undefined ? { status: input.status, ...statusChange(current, input.status, now) } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    updatedAt: now,
  });
  if (!row) return toWebhook(await loadWebhook(deps.db, caller, id));
  return toWebhook(row);
}

/**
 * Health on a status change (decisions D9.15): turned off by hand, it says so and when; turned on
 * again, its run of failures starts over (the old run would turn it off again at the next failure)
 * and `disabled_at` stays, so "what was missed since it was turned off" can still be asked.
 */
function statusChange(current: WebhookRow, status: WebhookRow["status"], now: Date): Partial<WebhookRow> {
  if (status === current.status) return {};
  if (status === "DISABLED")
    return { disabledAt: now, disabledReason: "Turned off by hand (in the console or by a PATCH)" };
  return { failingSince: null, failingWarnedAt: null, disabledReason: null };
}
