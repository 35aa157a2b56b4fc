import "server-only";
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../errors";
import {
  expireIdempotencyKey,
  lockIdempotencyKey,
  readIdempotencyRecord,
  storeIdempotentAnswer,
} from "../store/idempotency";
import type { Db } from "@/lib/db/database";
import type { ServiceEnv } from "../context";

export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
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

/** An answer of 500 or more: its transaction is rolled back, and the answer (c.res) returned as it is. */
class RolledBack extends Error {
  constructor() {
    super("rolled back");
  }
}

/**
 * decisions D3: same key + same body within 24 h replays the stored answer (status < 500) with
 * Idempotent-Replayed: true; a different body is 400 idempotency_mismatch; a request with the
 * same key still running is 409 idempotency_conflict.
 *
 * The claim, everything the request writes and its stored answer commit in one transaction
 * (issue 49), so a connection lost half-way leaves nothing: no half-made resource, and no claim
 * left "in flight" that would refuse the client's retry. A create that committed but whose answer
 * never reached the client is replayed on retry; one that did not commit is created once. While
 * one request holds a key (a transaction-scoped advisory lock, released at commit or rollback,
 * also when its connection dies), another with that key is answered 409 at once, on any instance.
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
    const deps = c.get("deps");
    const { db, clock } = deps;
    const ref = { apiKeyId: c.get("caller").keyId, scope, key };
    const requestHash = createHash("sha256")
      .update(canonicalJson(c.get("body") ?? null))
      .digest("hex");

    let replay: Response | null = null;
    try {
      await db.transaction(async (tx) => {
        if (!(await lockIdempotencyKey(tx, ref))) {
          throw new ApiError("idempotency_conflict", "A request with this Idempotency-Key is still being processed");
        }
        const now = clock.now();
        const record = await readIdempotencyRecord(tx, ref);
        // A record from before this transaction held the lock: expired (24 h), or an in-flight
        // claim an older version left behind (nothing holds it now, since we hold the lock).
        if (
          record &&
          (now.getTime() - record.createdAt.getTime() >= REPLAY_WINDOW_MS || record.state === "in_flight")
        ) {
          await expireIdempotencyKey(tx, ref, new Date(record.createdAt.getTime() + 1));
        } else if (record) {
          if (record.requestHash !== requestHash) {
            throw new ApiError("idempotency_mismatch", "This Idempotency-Key was used with a different request body");
          }
          replay = c.body(record.responseBody ?? "", (record.responseStatus ?? 200) as 200, {
            "Content-Type": "application/json",
            "Idempotent-Replayed": "true",
          });
          return;
        }
        c.set("deps", { ...deps, db: tx as unknown as Db });
        try {
          await next();
        } finally {
          c.set("deps", deps);
        }
        const status = c.res.status;
        if (status >= 500) throw new RolledBack();
        const body = await c.res.clone().text();
        await storeIdempotentAnswer(tx, { ...ref, requestHash, at: now, status, body });
      });
    } catch (error) {
      if (error instanceof RolledBack) return; // c.res is that answer already
      throw error;
    }
    if (replay) return replay;
  });
