import "server-only";
import type { WebhookThrottle, WebhookThrottleInput } from "@/lib/schemas/webhook";
import type { Caller, ServiceDeps } from "../context";
import { setThrottle } from "../store/webhooks";
import { loadWebhook } from "./webhook-view";

/** GET /v0/webhooks/{id}/throttle (extension). */
export async function getWebhookThrottle(deps: ServiceDeps, caller: Caller, id: string): Promise<WebhookThrottle> {
  const row = await loadWebhook(deps.db, caller, id);
  return { webhook_id: row.id, max_per_second: row.maxPerSecond };
}

/**
 * PUT /v0/webhooks/{id}/throttle (extension, issue 63): at most this many deliveries a second to
 * the endpoint, across every instance (a receiver that falls over after an outage is not flooded).
 * Deliveries over the rate wait for their turn; no attempt is counted and the retry schedule does
 * not move while they wait. null removes the limit.
 */
export async function setWebhookThrottle(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WebhookThrottleInput,
): Promise<WebhookThrottle> {
  const current = await loadWebhook(deps.db, caller, id);
  await setThrottle(deps.db, current.id, input.max_per_second, deps.clock.now());
  return { webhook_id: current.id, max_per_second: input.max_per_second };
}
