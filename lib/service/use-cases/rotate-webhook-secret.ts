import "server-only";
import { sealSecret } from "@/lib/crypto/secret-box";
import {
  DEFAULT_SECRET_OVERLAP_SECONDS,
  type WebhookRotateInput,
  type WebhookSecretRotation,
} from "@/lib/schemas/webhook";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import type { Caller, ServiceDeps } from "../context";
import { ApiError } from "../errors";
import { rotateSecret, type WebhookRow } from "../store/webhooks";
import { loadWebhook } from "./webhook-view";

/** What the API shows of an endpoint's rotation: when, and until when the old secret signs (null once it stopped). */
export function toRotation(row: WebhookRow, now: Date, secret?: string): WebhookSecretRotation {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    webhook_id: row.id,
    rotated_at: row.secretRotatedAt ? row.secretRotatedAt.toISOString() : null,
    previous_secret_expires_at: overlap ? overlap.toISOString() : null,
    ...(secret ? { secret } : {}),
  };
}

/** GET /v0/webhooks/{id}/rotation (extension): the endpoint's rotation, on its account's clock. */
export async function getWebhookRotation(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
): Promise<WebhookSecretRotation> {
  return toRotation(await loadWebhook(deps.db, caller, id), deps.clock.now());
}

/**
 * POST /v0/webhooks/{id}/rotate (extension, issue 63): a new secret, shown once; the one it had
 * keeps signing beside it (a second `v1` in every delivery's header) for the overlap asked (24 h
 * by default, at most 7 days, 0 for none), so the receiver deploys the new one at its pace. The
 * overlap runs on the account's clock (the sandbox clock in the sandbox). One rotation at a time:
 * 409 while an overlap lasts, nothing changed.
 */
export async function rotateWebhookSecret(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WebhookRotateInput,
): Promise<WebhookSecretRotation> {
  const current = await loadWebhook(deps.db, caller, id);
  const now = deps.clock.now();
  const busy = () =>
    new ApiError(
      "invalid_transition",
      "A rotation is in progress: the old secret signs until its overlap ends. Roll again after that.",
      [{ path: "previous_secret_expires_in", message: "A rotation is in progress" }],
    );
  if (current.previousSecretExpiresAt && current.previousSecretExpiresAt > now) throw busy();
  const overlapSeconds = input.previous_secret_expires_in ?? DEFAULT_SECRET_OVERLAP_SECONDS;
  const secret = generateWebhookSecret();
  const row = await rotateSecret(deps.db, current.id, current.secret, {
    secret: sealSecret(secret),
    previousSecret: overlapSeconds > 0 ? current.secret : null,
    previousSecretExpiresAt: overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null,
    at: now,
  });
  if (!row) throw busy();
  return toRotation(row, now, secret);
}
