import "server-only";
import { env, type Env } from "@/lib/env";
import { endpointPolicy, type TargetPolicy } from "./url-guard";
import type { Environment } from "@/lib/schemas/catalog";

/**
 * Whether a sandbox target may be this host's loopback: on a developer's console, yes; on a
 * hosted one (AUTH_URL https) no, unless SANDBOX_WEBHOOK_ALLOW_LOOPBACK says so (decision D9.2).
 */
export const sandboxLoopbackAllowed = (e: Env): boolean =>
  e.SANDBOX_WEBHOOK_ALLOW_LOOPBACK ?? !e.AUTH_URL?.startsWith("https://");

/**
 * Where every outgoing POST the product makes may go, for an environment: webhook endpoints and
 * report schedules alike (issue 58: schedules reached a hosted console's loopback).
 */
export function outgoingPolicy(environment: Environment): TargetPolicy {
  const e = env();
  return endpointPolicy(environment, {
    sandboxWebhookAllowPrivate: e.SANDBOX_WEBHOOK_ALLOW_PRIVATE,
    sandboxWebhookAllowLoopback: sandboxLoopbackAllowed(e),
  });
}
