import "server-only";
import type { Webhook, WebhookCreate } from "@/lib/schemas/webhook";
import { DEFAULT_PRODUCTION_DISABLE_AFTER_HOURS } from "@/lib/schemas/webhook-health";
import { sealSecret } from "@/lib/crypto/secret-box";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import type { Caller, ServiceDeps } from "../context";
import { invalidField } from "../errors";
import { newId } from "../ids";
import { endpointPolicy, webhookUrlProblem } from "@/lib/http/url-guard";
import { insertWebhook } from "../store/webhooks";
import { toWebhook } from "./webhook-view";

/** Production: https to public addresses; sandbox: public and loopback, public only on a hosted console (decision D9.2). 400 naming `url` otherwise. */
export async function assertUrlAllowed(caller: Caller, url: string, config: ServiceDeps["config"]): Promise<void> {
  const problem = await webhookUrlProblem(url, endpointPolicy(caller.environment, config));
  if (problem) throw invalidField("url", problem);
}

/** POST /v0/webhooks: registers an endpoint, ACTIVE; the answer is the only one with the secret. */
export async function createWebhook(deps: ServiceDeps, caller: Caller, input: WebhookCreate): Promise<Webhook> {
  await assertUrlAllowed(caller, input.url, deps.config);
  const now = deps.clock.now();
  const secret = generateWebhookSecret();
  const row = await insertWebhook(deps.db, {
    id: newId(),
    accountId: caller.accountId,
    environment: caller.environment,
    url: input.url,
    description: input.description ?? null,
    events: input.events,
    secret: sealSecret(secret), // AES-256-GCM at rest (lib/crypto/secret-box.ts)
    status: "ACTIVE",
    // The failure policy (D9.15): production endpoints are turned off after three days of only failures.
    disableAfterSeconds: caller.environment === "production" ? DEFAULT_PRODUCTION_DISABLE_AFTER_HOURS * 3600 : null,
    createdAt: now,
    updatedAt: now,
  });
  return toWebhook({ ...row, secret }, { withSecret: true });
}
