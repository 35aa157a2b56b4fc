import "server-only";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../errors";
import type { ServiceEnv } from "../context";

export const MAX_BODY_BYTES = 1024 * 1024;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/**
 * Reads and parses JSON bodies once: 415 for another media type, 413 past 1 MiB, 400
 * invalid_json when it does not parse. An empty body is left for the route's schema to judge.
 */
export const jsonBody = createMiddleware<ServiceEnv>(async (c, next) => {
  if (!BODY_METHODS.has(c.req.method)) return next();
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large", "Request body exceeds 1 MiB");
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError("payload_too_large", "Request body exceeds 1 MiB");
  if (text.length === 0) return next();
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new ApiError("unsupported_media_type", "Content-Type must be application/json");
  }
  try {
    c.set("body", JSON.parse(text));
  } catch {
    throw new ApiError("invalid_json", "Request body is not valid JSON");
  }
  await next();
});
