import "server-only";
import type { Context } from "hono";
import { readCapped } from "@/lib/http/read-capped";
import { ApiError, invalidField } from "../errors";
import type { ServiceEnv } from "../context";

export const MAX_BODY_BYTES = 1024 * 1024;
/** Our deepest schema nests four levels; anything past this is abuse, refused before parsing code recurses. */
export const MAX_BODY_DEPTH = 32;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

const tooLarge = () => new ApiError("payload_too_large", "Request body exceeds 1 MiB");

/** A dotted path for a details entry ("metadata.a", "destination.iban", "items[2]"). */
function pathOf(segments: readonly (string | number)[]): string {
  return (
    segments.reduce<string>(
      (acc, s) => (typeof s === "number" ? `${acc}[${s}]` : acc === "" ? s : `${acc}.${s}`),
      "",
    ) || "body"
  );
}

/**
 * Why a parsed body cannot be taken, walked without recursion: a string or key holding U+0000
 * (PostgreSQL cannot store it; decision D2.4), or nesting deeper than MAX_BODY_DEPTH.
 */
export function bodyProblem(value: unknown): ApiError | null {
  const stack: Array<{ value: unknown; path: (string | number)[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return invalidField(pathOf(path), "Must not contain the NUL character (U+0000)");
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (path.length >= MAX_BODY_DEPTH) {
      return invalidField(pathOf(path.slice(0, 1)), `Nested more than ${MAX_BODY_DEPTH} levels deep`);
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (key.includes("\u0000")) return invalidField(pathOf(path), "Keys must not contain the NUL character (U+0000)");
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/**
 * Reads and parses JSON bodies once: 415 for another media type, 413 past 1 MiB (declared or
 * streamed), 400 invalid_json when it does not parse, 400 naming the field for NUL characters
 * and absurd nesting. An empty body is left for the route's schema to judge.
 */
export async function jsonBody(c: Context<ServiceEnv>, next: () => Promise<void>): Promise<void> {
  if (!BODY_METHODS.has(c.req.method)) return next();
  // Read as it streams and cut at the cap: a chunked body over 1 MiB is never held whole (decision D1.4).
  const bytes = await readCapped(c.req.raw, MAX_BODY_BYTES);
  if (bytes === null) throw tooLarge();
  const text = Buffer.from(bytes).toString("utf8");
  // Later readers (the route's validator) read the cached text, not the consumed stream.
  // (Hono keeps promises there at run time; its type says string.)
  (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
  if (text.length === 0) return next();
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new ApiError("unsupported_media_type", "Content-Type must be application/json");
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "Request body is not valid JSON");
  }
  const problem = bodyProblem(body);
  if (problem) throw problem;
  c.set("body", body);
  await next();
}
