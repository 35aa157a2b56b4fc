import "server-only";
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../errors";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  expireIdempotencyKey,
  readIdempotencyRecord,
  releaseIdempotencyKey,
} from "../store/idempotency";
import type { ServiceEnv } from "../context";

export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** An in-flight claim older than this was left by a crash: the next request takes it over. */
const ABANDONED_MS = 2 * 60 * 1000;
/** 1–255 printable characters, space included, not blank (decision D3.2). */
const VALID_KEY = /^(?=.*[\x21-\x7e])[\x20-\x7e]{1,255}$/;

/** JSON with sorted keys: two bodies are the same when their JSON values are. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

type KeySource = (c: Context<ServiceEnv>) => string | undefined;
export const fromHeader: KeySource = (c) => c.req.header("idempotency-key");
export const fromBodyField =
  (field: string): KeySource =>
  (c) => {
    const body = c.get("body");
    const value = body && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
    return typeof value === "string" ? value : undefined;
  };

/**
 * decisions D3: same key + same body within 24 h replays the stored answer (status < 500) with
 * Idempotent-Replayed: true; a different body is 400 idempotency_mismatch; a request with the
 * same key still running is 409 idempotency_conflict. The claim is one atomic insert, so this
 * holds across instances sharing a database.
 */
export const idempotency = (scope: string, keyFrom: KeySource = fromHeader) =>
  createMiddleware<ServiceEnv>(async (c, next) => {
    const key = keyFrom(c);
    if (key === undefined) return next();
    if (!VALID_KEY.test(key)) {
      throw new ApiError(
        "validation_error",
        "Idempotency-Key must be 1–255 printable characters (spaces allowed), not blank",
        [
          {
            path: keyFrom === fromHeader ? "Idempotency-Key" : "idempotency_key",
            message: "must be 1–255 printable characters",
          },
        ],
      );
    }
    const { db, clock } = c.get("deps");
    const ref = { apiKeyId: c.get("caller").keyId, scope, key };
    const requestHash = createHash("sha256")
      .update(canonicalJson(c.get("body") ?? null))
      .digest("hex");

    for (let attempt = 0; ; attempt++) {
      const now = clock.now();
      if (await claimIdempotencyKey(db, { ...ref, requestHash, at: now })) break;
      const record = await readIdempotencyRecord(db, ref);
      if (!record) continue; // released between our insert and read: try again
      const age = now.getTime() - record.createdAt.getTime();
      const stale = age >= REPLAY_WINDOW_MS || (record.state === "in_flight" && age >= ABANDONED_MS);
      if (stale && attempt < 3) {
        await expireIdempotencyKey(db, ref, new Date(record.createdAt.getTime() + 1));
        continue;
      }
      if (record.requestHash !== requestHash) {
        throw new ApiError("idempotency_mismatch", "This Idempotency-Key was used with a different request body");
      }
      if (record.state === "in_flight") {
        throw new ApiError("idempotency_conflict", "A request with this Idempotency-Key is still being processed");
      }
      return c.body(record.responseBody ?? "", (record.responseStatus ?? 200) as 200, {
        "Content-Type": "application/json",
        "Idempotent-Replayed": "true",
      });
    }

    try {
      await next();
    } catch (error) {
      await releaseIdempotencyKey(db, ref);
      throw error;
    }
    const status = c.res.status;
    if (status >= 500) {
      await releaseIdempotencyKey(db, ref);
      return;
    }
    const body = await c.res.clone().text();
    await completeIdempotencyKey(db, { ...ref, status, body });
  });
