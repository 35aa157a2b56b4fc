import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { z } from "zod";
import { countInWindow, currentCount } from "@/lib/db/rate-window";
import { ENVIRONMENTS } from "@/lib/schemas/catalog";
import { ApiError } from "../errors";
import type { ServiceEnv } from "../context";
import { createApiKey, findKeyOwner, listApiKeys, revokeApiKey } from "../store/api-keys";

/**
 * The operator's key administration (decisions D12.10): list, create and revoke the API keys of
 * one account, for a console that manages a service it does not embed. Not part of the merchant
 * API (and not in its OpenAPI document): it exists only when the service runs with
 * SERVICE_ADMIN_TOKEN, and every call carries that token (Authorization: Bearer) and one of the
 * account's own keys (X-Api-Key), which says whose keys. Wrong tokens are counted in the
 * database (shared by instances) per source: past ADMIN_FAILURES a minute, that source's wrong
 * tokens are refused with 429 for the rest of it; the right token always gets in. A created key is in the answer once; the request log never sees these
 * calls.
 */
export const ADMIN_PREFIX = "/v0/admin/api-keys";
const ADMIN_FAILURES = { max: 10, windowSeconds: 60 } as const;
const FAILURE_KEY = "service-admin-token";

const createSchema = z.object({
  environment: z.enum(ENVIRONMENTS, { error: "environment: sandbox or production" }),
  label: z.string().trim().max(60).optional(),
});

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Where a request came from: the TCP peer of the standalone service's own socket, or the one the
 * console's server wrote (x-console-peer, overwritten there whatever a client sent); else "unknown".
 */
function sourceOf(c: Context<ServiceEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress;
  if (peer) return peer.replace(/^::ffff:/, "");
  if ((globalThis as { __consoleServer?: boolean }).__consoleServer === true)
    return (c.req.header("x-console-peer") ?? "unknown").replace(/^::ffff:/, "").slice(0, 64);
  return "unknown";
}

export async function handleAdminKeys(c: Context<ServiceEnv>): Promise<Response> {
  const deps = c.get("serviceDeps");
  const token = deps.config.adminToken;
  if (!token) throw new ApiError("not_found", `No route ${c.req.method} ${c.req.path}`);
  const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
  // The right token always gets in; wrong ones are counted per source, so nobody's junk can shut
  // the door on the operator (issue 42: one shared count let anyone lock everyone out).
  if (!timingSafeEqual(digest(presented), digest(token))) {
    const failureKey = `${FAILURE_KEY}:${sourceOf(c)}`;
    if ((await currentCount(deps.db, failureKey, ADMIN_FAILURES.windowSeconds)) >= ADMIN_FAILURES.max) {
      throw new ApiError(
        "rate_limit_exceeded",
        "Too many wrong admin tokens from here; try again in a minute",
        undefined,
        {
          "Retry-After": "60",
        },
      );
    }
    await countInWindow(deps.db, failureKey, ADMIN_FAILURES.windowSeconds);
    console.warn(`[service] admin API: a wrong token (request ${c.get("requestId")})`);
    throw new ApiError("unauthorized", "Missing or invalid admin token");
  }
  const owner = await findKeyOwner(deps.db, c.req.header("x-api-key") ?? "");
  if (!owner) throw new ApiError("unauthorized", "X-Api-Key must be a key of the account whose keys these are");

  const rest = c.req.path.slice(ADMIN_PREFIX.length);
  if (rest === "" && c.req.method === "GET") {
    const environment = c.req.query("environment");
    const prefix = c.req.query("prefix")?.slice(0, 40);
    const rows = await listApiKeys(deps.db, { accountId: owner.accountId, prefix: prefix || undefined });
    const data = rows
      .filter((r) => !environment || r.environment === environment)
      .reverse()
      .map((r) => ({
        id: r.id,
        environment: r.environment,
        prefix: r.prefix,
        label: r.label,
        created_at: r.createdAt.toISOString(),
        revoked_at: r.revokedAt?.toISOString() ?? null,
      }));
    return c.json({ data });
  }
  if (rest === "" && c.req.method === "POST") {
    const parsed = createSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new ApiError("validation_error", parsed.error.issues[0]?.message ?? "Invalid body");
    const created = await createApiKey(deps.db, {
      accountId: owner.accountId,
      environment: parsed.data.environment,
      label: parsed.data.label,
    });
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        id: created.id,
        key: created.key,
        prefix: created.prefix,
        environment: parsed.data.environment,
        label: parsed.data.label ?? null,
      },
      201,
    );
  }
  const id = /^\/([A-Za-z0-9_-]{1,64})$/.exec(rest)?.[1];
  if (id && c.req.method === "DELETE") {
    if (id === owner.keyId)
      throw new ApiError(
        "forbidden",
        "This is the key the call was made with: revoke it with another key of the account",
      );
    const rows = await listApiKeys(deps.db, { accountId: owner.accountId });
    const row = rows.find((r) => r.id === id);
    if (!row) throw new ApiError("not_found", "No such key");
    if (row.revokedAt || !(await revokeApiKey(deps.db, id, new Date())))
      throw new ApiError("invalid_transition", "This key was already revoked");
    return c.body(null, 204);
  }
  throw new ApiError("not_found", `No route ${c.req.method} ${c.req.path}`);
}
