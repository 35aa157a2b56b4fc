import "server-only";
import { createMiddleware } from "hono/factory";
import { metrics } from "@/lib/observability/metrics";
import { ApiError } from "../errors";
import type { RateLimiter } from "../rate-limiter";
import type { ServiceEnv } from "../context";

/**
 * X-Api-Key decides account and environment (a missing, unknown or revoked key is a 401), and
 * each request counts against the key's per-minute limit (decisions D3), shared by all instances
 * through the database (rate-limiter.ts). Every response carries RateLimit-* headers; a 429 adds
 * Retry-After.
 */
export const authenticateAndLimit = (limiter: RateLimiter) =>
  createMiddleware<ServiceEnv>(async (c, next) => {
    const key = c.req.header("x-api-key");
    if (!key) throw new ApiError("unauthorized", "Missing X-Api-Key header");
    const admission = limiter.admitNow(key) ?? (await limiter.admit(key));
    if (admission.kind === "unknown") throw new ApiError("unauthorized", "Unknown or revoked API key");
    c.set("caller", admission.owner);

    const { limit, remaining, resetSeconds } = admission;
    const headers = {
      "RateLimit-Limit": String(limit),
      "RateLimit-Remaining": String(remaining),
      "RateLimit-Reset": String(resetSeconds),
    };
    // Every answer to a keyed request carries them, errors included (decision D3.3): the error
    // handler reads them from here.
    c.set("rateLimitHeaders", headers);
    if (admission.kind === "limited") {
      metrics().rateLimitRefusals.labels(admission.owner.environment).inc();
      throw new ApiError(
        "rate_limit_exceeded",
        `Rate limit of ${limit} requests per minute exceeded; retry in ${resetSeconds} s`,
        undefined,
        {
          ...headers,
          "Retry-After": String(resetSeconds),
        },
      );
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

/**
 * For paths no route serves: a valid key is counted and its RateLimit headers go on the 404 or
 * 405 (decision D3.3); a missing or unknown key changes nothing (the answer stays 404/405).
 */
export const countIfKeyed = (limiter: RateLimiter) =>
  createMiddleware<ServiceEnv>(async (c, next) => {
    const key = c.req.header("x-api-key");
    if (!key) return next();
    const admission = limiter.admitNow(key) ?? (await limiter.admit(key));
    if (admission.kind === "unknown") return next();
    c.set("caller", admission.owner);
    c.set("rateLimitHeaders", {
      "RateLimit-Limit": String(admission.limit),
      "RateLimit-Remaining": String(admission.remaining),
      "RateLimit-Reset": String(admission.resetSeconds),
    });
    await next();
  });

/** Sandbox-only endpoints refuse production keys. */
export const sandboxOnly = createMiddleware<ServiceEnv>(async (c, next) => {
  if (c.get("caller").environment !== "sandbox") {
    throw new ApiError("forbidden", "This endpoint exists only in the sandbox environment; use a sandbox key");
  }
  await next();
});
