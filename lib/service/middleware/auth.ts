import "server-only";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../errors";
import { findKeyOwner } from "../store/api-keys";
import type { ServiceEnv } from "../context";

/** X-Api-Key decides account and environment; a missing, unknown or revoked key is a 401. */
export const apiKeyAuth = createMiddleware<ServiceEnv>(async (c, next) => {
  const key = c.req.header("x-api-key");
  if (!key) throw new ApiError("unauthorized", "Missing X-Api-Key header");
  const owner = await findKeyOwner(c.get("deps").db, key);
  if (!owner) throw new ApiError("unauthorized", "Unknown or revoked API key");
  c.set("caller", owner);
  await next();
});

/** Sandbox-only endpoints refuse production keys. */
export const sandboxOnly = createMiddleware<ServiceEnv>(async (c, next) => {
  if (c.get("caller").environment !== "sandbox") {
    throw new ApiError("forbidden", "This endpoint exists only in the sandbox environment; use a sandbox key");
  }
  await next();
});
