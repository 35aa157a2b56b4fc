import "server-only";
import { env } from "@/lib/env";
import { getActor } from "@/lib/auth/session";
import { getWebhook, type ApiResult } from "@/lib/settlement-api";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { maskInboxUrl } from "@/lib/schemas/mask";

/**
 * The person an inbox belongs to: the signed-in actor's user id (lib/auth/session.ts), or null
 * without a valid session. Every inbox read and change filters on it.
 */
export async function currentOwnerId(): Promise<string | null> {
  const actor = await getActor();
  return actor?.userId ?? null;
}

/**
 * The console's origin as the service that delivers sandbox webhooks reaches it (POST
 * /inbox/<id>): INBOX_PUBLIC_URL when set (a remote service on another host, issue 34), else the
 * console's public URL (behind a balancer every instance shows it), else this instance.
 */
export function inboxOriginFrom(e: { INBOX_PUBLIC_URL?: string; AUTH_URL?: string; PORT: number }): string {
  const configured = e.INBOX_PUBLIC_URL ?? e.AUTH_URL;
  return configured ? new URL(configured).origin : `http://localhost:${e.PORT}`;
}

export function inboxOrigin(): string {
  return inboxOriginFrom(env());
}

/** Results shaped like the API client's, so inbox actions go through the one action wrapper. */
export function succeed<T>(data: T, status = 200): ApiResult<T> {
  return { ok: true, data, status, replayed: false };
}

export function refuse<T>(status: 401 | 404 | 409 | 400, code: string, message: string): ApiResult<T> {
  return { ok: false, error: { kind: "api", status, code, message, details: [] } };
}

/**
 * True when webhook `webhookId` of `environment` is the endpoint that points at this inbox: the
 * only endpoint an inbox may keep a secret for or delete with itself.
 */
export async function isInboxEndpoint(environment: Environment, webhookId: string, inboxId: string): Promise<boolean> {
  const found = await getWebhook(environment, webhookId);
  return found.ok && pointsAtInbox(found.data.url, inboxId);
}

/** True when an endpoint's URL, as served (cut, decisions D9.11, or whole), is this inbox's. */
export function pointsAtInbox(servedUrl: string, inboxId: string): boolean {
  return maskInboxUrl(servedUrl) === maskInboxUrl(`${inboxOrigin()}/inbox/${inboxId}`);
}

export const noSession = <T>(): ApiResult<T> => refuse(401, "unauthorized", "Your session has ended. Sign in again.");
export const noInbox = <T>(): ApiResult<T> => refuse(404, "not_found", "No such inbox.");
