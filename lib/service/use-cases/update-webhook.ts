import "server-only";
import { eq } from "drizzle-orm";
import type { Webhook, WebhookUpdate } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { webhookEndpoints } from "../store/schema";
import { assertUrlAllowed, findWebhook, toWebhook } from "./webhook-records";

/**
 * PATCH /v0/webhooks/{id}: `events` replaces the list; `status` ACTIVE or DISABLED (a DISABLED
 * endpoint gets no new deliveries, and those already queued wait until it is ACTIVE again). A new URL is checked
 * like on create.
 */
export async function updateWebhook(deps: ServiceDeps, caller: Caller, id: string, input: WebhookUpdate): Promise<Webhook> {
  const current = await findWebhook(deps.db, caller, id);
  if (input.url !== undefined && input.url !== current.url) await assertUrlAllowed(caller, input.url, deps.config.sandboxWebhookAllowPrivate);
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      updatedAt: deps.clock.now(),
    })
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  if (!row) return toWebhook(await findWebhook(deps.db, caller, id));
  return toWebhook(row);
}
