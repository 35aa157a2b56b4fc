import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { idempotencyKeys } from "./schema";

type Ref = { apiKeyId: string; scope: string; key: string };
const match = (r: Ref) =>
  and(eq(idempotencyKeys.apiKeyId, r.apiKeyId), eq(idempotencyKeys.scope, r.scope), eq(idempotencyKeys.key, r.key));

/**
 * Takes the key for the rest of the transaction `tx`; false when another transaction holds it
 * (a request with the same key still running). PostgreSQL releases the lock at commit or
 * rollback, and when the connection holding it dies. PGlite runs one transaction at a time, so
 * there it is always free.
 */
export async function lockIdempotencyKey(tx: Executor, r: Ref): Promise<boolean> {
  const lockKey = `idem:${r.apiKeyId}:${r.scope}:${r.key}`;
  const rows = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) as locked`,
  );
  return rows[0]?.locked === true;
}

export async function readIdempotencyRecord(db: Executor, ref: Ref) {
  const rows = await db.select().from(idempotencyKeys).where(match(ref)).limit(1);
  return rows[0] ?? null;
}

/** Stores a request's answer under its key, in the transaction that made it. */
export async function storeIdempotentAnswer(
  tx: Executor,
  r: Ref & { requestHash: string; at: Date; status: number; body: string },
): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    apiKeyId: r.apiKeyId,
    scope: r.scope,
    key: r.key,
    requestHash: r.requestHash,
    state: "done",
    createdAt: r.at,
    responseStatus: r.status,
    responseBody: r.body,
  });
}

/** Removes a record older than `before` (expired or abandoned), only if it is still that old. */
export async function expireIdempotencyKey(db: Executor, ref: Ref, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(match(ref), lt(idempotencyKeys.createdAt, before)));
}

export async function pruneIdempotencyKeys(db: Executor, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
