import "server-only";
import type { Caller, ServiceDeps } from "../context";
import { notFound } from "../errors";
import { deleteWebhook as deleteRow } from "../store/webhooks";

/** DELETE /v0/webhooks/{id}: the endpoint and its queued deliveries go; nothing more is sent. */
export async function deleteWebhook(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  if (!(await deleteRow(deps.db, caller, id))) throw notFound(`Webhook ${id}`);
}
