import "server-only";
import type { Webhook } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { loadWebhook, toWebhook } from "./webhook-view";

/** GET /v0/webhooks/{id}: the record without its secret. */
export async function getWebhook(deps: ServiceDeps, caller: Caller, id: string): Promise<Webhook> {
  return toWebhook(await loadWebhook(deps.db, caller, id));
}
