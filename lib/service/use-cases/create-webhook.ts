import "server-only";
import type { Webhook, WebhookCreate } from "@/lib/schemas/webhook";
import { sealSecret } from "@/lib/crypto/secret-box";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import type { Caller, ServiceDeps } from "../context";
import { newId } from "../ids";
import { webhookEndpoints } from "../store/schema";
import { assertUrlAllowed, toWebhook } from "./webhook-records";

/** POST /v0/webhooks: registers an endpoint, ACTIVE; the answer is the only one with the secret. */
export async function createWebhook(deps: ServiceDeps, caller: Caller, input: WebhookCreate): Promise<Webhook> {
  await assertUrlAllowed(caller, input.url, deps.config.sandboxWebhookAllowPrivate);
  const now = deps.clock.now();
  const secret = generateWebhookSecret();
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({
      id: newId(),
      accountId: caller.accountId,
      environment: caller.environment,
      url: input.url,
      description: input.description ?? null,
      events: input.events,
      secret: sealSecret(secret), // AES-256-GCM at rest (lib/crypto/secret-box.ts)
      status: "ACTIVE",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toWebhook({ ...row, secret }, { withSecret: true });
}
