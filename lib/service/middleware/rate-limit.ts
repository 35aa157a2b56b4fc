import "server-only";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../errors";
import { countRequest } from "../store/rate-limits";
import type { ServiceEnv } from "../context";

const WINDOW_MS = 60_000;

/**
 * Per-key requests per minute (CONTRACT §3), counted in the database so all instances share
 * it. Every response carries RateLimit-* headers; a 429 adds Retry-After.
 */
export const rateLimit = createMiddleware<ServiceEnv>(async (c, next) => {
  const { db, clock, config } = c.get("deps");
  const caller = c.get("caller");
  const limit = config.rateLimitPerMinute[caller.environment];
  const now = clock.now().getTime();
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const count = await countRequest(db, caller.keyId, windowStart);
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
