import "server-only";
import type { WebhookFailurePolicyInput, WebhookHealth, WebhookOutageInput } from "@/lib/schemas/webhook-health";
import type { Caller, ServiceDeps } from "../context";
import { updateWebhook } from "../store/webhooks";
import { toHealth } from "./webhook-health-view";
import { loadWebhook } from "./webhook-view";

/** GET /v0/webhooks/{id}/health (extension, decisions D9.15). */
export async function getWebhookHealth(deps: ServiceDeps, caller: Caller, id: string): Promise<WebhookHealth> {
  const row = await loadWebhook(deps.db, caller, id);
  return toHealth(row, deps.clock.now());
}

/**
 * PUT /v0/webhooks/{id}/failure-policy (extension): after how many hours of only failures the
 * endpoint is warned, and after how many it is turned off (null: never). A run of failures already
 * going is judged by the new policy at its next attempt.
 */
export async function setWebhookFailurePolicy(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WebhookFailurePolicyInput,
): Promise<WebhookHealth> {
  const current = await loadWebhook(deps.db, caller, id);
  const row = await updateWebhook(deps.db, current.id, {
    warnAfterSeconds: input.warn_after_hours * 3600,
    disableAfterSeconds: input.disable_after_hours === null ? null : input.disable_after_hours * 3600,
  });
  return toHealth(row ?? current, deps.clock.now());
}

/**
 * PUT /v0/webhooks/{id}/outage (sandbox extension, issue 63): every attempt in the next `hours` of
 * the sandbox clock fails as `mode` says, without a request: the retry schedule, the warning and the
 * turning off can be rehearsed by moving the clock. 0 ends the outage.
 */
export async function setWebhookOutage(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WebhookOutageInput,
): Promise<WebhookHealth> {
  const current = await loadWebhook(deps.db, caller, id);
  const now = deps.clock.now();
  const row = await updateWebhook(deps.db, current.id, {
    outageUntil: input.hours === 0 ? null : new Date(now.getTime() + input.hours * 3_600_000),
    outageMode: input.hours === 0 ? null : (input.mode ?? "http_500"),
  });
  return toHealth(row ?? current, now);
}
