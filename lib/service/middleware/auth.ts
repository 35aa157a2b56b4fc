import "server-only";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../errors";
import { identifyAndCount } from "../store/caller-lookup";
import type { ServiceEnv } from "../context";

const WINDOW_MS = 60_000;

/**
 * X-Api-Key decides account and environment (a missing, unknown or revoked key is a 401), and
 * each request counts against the key's per-minute limit (CONTRACT §3), shared by all instances
 * through the database. Both in one round trip. Every response carries RateLimit-* headers; a
 * 429 adds Retry-After.
 */
export const authenticateAndLimit = createMiddleware<ServiceEnv>(async (c, next) => {
  const key = c.req.header("x-api-key");
  if (!key) throw new ApiError("unauthorized", "Missing X-Api-Key header");
  const { db, clock, config } = c.get("deps");
  const now = clock.now().getTime();
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const found = await identifyAndCount(db, key, windowStart);
  if (!found) throw new ApiError("unauthorized", "Unknown or revoked API key");
  const { count, ...caller } = found;
  c.set("caller", caller);

  const limit = config.rateLimitPerMinute[caller.environment];
  const reset = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
  const headers = {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, limit - count)),
    "RateLimit-Reset": String(reset),
  };
  if (count > limit) {
    throw new ApiError("rate_limit_exceeded", `Rate limit of ${limit} requests per minute exceeded; retry in ${reset} s`, undefined, {
      ...headers,
      "Retry-After": String(reset),
    });
  }
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
});

/** Sandbox-only endpoints refuse production keys. */
export const sandboxOnly = createMiddleware<ServiceEnv>(async (c, next) => {
  if (c.get("caller").environment !== "sandbox") {
    throw new ApiError("forbidden", "This endpoint exists only in the sandbox environment; use a sandbox key");
  }
  await next();
});
