import "server-only";
import { and, eq, lt } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { idempotencyKeys } from "./schema";

type Ref = { apiKeyId: string; scope: string; key: string };
const match = (r: Ref) =>
  and(eq(idempotencyKeys.apiKeyId, r.apiKeyId), eq(idempotencyKeys.scope, r.scope), eq(idempotencyKeys.key, r.key));

/** Claims the key for this request; false when a record already holds it. Atomic. */
export async function claimIdempotencyKey(
  db: Executor,
  ref: Ref & { requestHash: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...ref, state: "in_flight", createdAt: ref.at })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function readIdempotencyRecord(db: Executor, ref: Ref) {
  const rows = await db.select().from(idempotencyKeys).where(match(ref)).limit(1);
  return rows[0] ?? null;
}

export async function completeIdempotencyKey(db: Executor, ref: Ref & { status: number; body: string }): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: "done", responseStatus: ref.status, responseBody: ref.body })
    .where(match(ref));
}

export async function releaseIdempotencyKey(db: Executor, ref: Ref): Promise<void> {
  await db.delete(idempotencyKeys).where(match(ref));
}

/** Removes a record older than `before` (expired or abandoned), only if it is still that old. */
export async function expireIdempotencyKey(db: Executor, ref: Ref, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(match(ref), lt(idempotencyKeys.createdAt, before)));
}

export async function pruneIdempotencyKeys(db: Executor, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
