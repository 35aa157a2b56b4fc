import "server-only";
import { and, eq } from "drizzle-orm";
import type { Caller, ServiceDeps } from "../context";
import { notFound } from "../errors";
import { webhookEndpoints } from "../store/schema";

/** DELETE /v0/webhooks/{id}: the endpoint and its queued deliveries go; nothing more is sent. */
export async function deleteWebhook(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const gone = await deps.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, caller.accountId), eq(webhookEndpoints.environment, caller.environment)))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw notFound(`Webhook ${id}`);
}
