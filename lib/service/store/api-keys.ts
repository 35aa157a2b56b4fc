import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, like } from "drizzle-orm";
import type { Environment } from "@/lib/schemas/catalog";
import type { Executor } from "@/lib/db/database";
import { accounts, apiKeys } from "./schema";
import { newId } from "../ids";
import { ownerKeysFreeFor } from "./owner-keys";

export const hashApiKey = (key: string): string => createHash("sha256").update(key).digest("hex");

/** sk_test_… for sandbox, sk_live_… for production: the prefix tells a human which is which. */
export function generateApiKey(environment: Environment): string {
  return `${environment === "sandbox" ? "sk_test_" : "sk_live_"}${randomBytes(24).toString("base64url")}`;
}

/** The first characters of a key, kept in clear to list and revoke keys by. */
export const keyPrefix = (key: string): string => key.slice(0, 14);

export interface KeyOwner {
  keyId: string;
  accountId: string;
  accountName: string;
  environment: Environment;
}

export async function findKeyOwner(db: Executor, key: string): Promise<KeyOwner | null> {
  const rows = await db
    .select({
      keyId: apiKeys.id,
      accountId: apiKeys.accountId,
      accountName: accounts.name,
      environment: apiKeys.environment,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAccountByName(db: Executor, name: string): Promise<typeof accounts.$inferSelect | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.name, name)).limit(1);
  return row ?? null;
}

/**
 * The account of this name, made if none is. Its id gives both its environments owner keys of
 * their own (store/owner-keys.ts): one in ~2^31 ids would not, and is drawn again.
 */
export async function ensureAccount(
  db: Executor,
  name: string,
  ids: () => string = newId,
): Promise<{ id: string; name: string }> {
  const existing = await db.select().from(accounts).where(eq(accounts.name, name)).limit(1);
  if (existing[0]) return existing[0];
  let id = ids();
  while (!(await ownerKeysFreeFor(db, id))) id = ids();
  await db.insert(accounts).values({ id, name }).onConflictDoNothing();
  const [row] = await db.select().from(accounts).where(eq(accounts.name, name)).limit(1);
  return row;
}

/** Registers a key (hashed) for an account; does nothing if that key is already known. */
export async function registerApiKey(
  db: Executor,
  input: { accountId: string; environment: Environment; key: string; label?: string },
): Promise<{ id: string; prefix: string }> {
  const keyHash = hashApiKey(input.key);
  const found = await db
    .select({ id: apiKeys.id, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash));
  if (found[0]) return found[0];
  const row = {
    id: newId(),
    accountId: input.accountId,
    environment: input.environment,
    keyHash,
    prefix: keyPrefix(input.key),
    label: input.label ?? null,
  };
  await db.insert(apiKeys).values(row).onConflictDoNothing();
  return { id: row.id, prefix: row.prefix };
}

export async function createApiKey(
  db: Executor,
  input: { accountId: string; environment: Environment; label?: string },
): Promise<{ id: string; key: string; prefix: string }> {
  const key = generateApiKey(input.environment);
  const { id, prefix } = await registerApiKey(db, { ...input, key });
  return { id, key, prefix };
}

export async function listApiKeys(db: Executor, filter: { accountId?: string; prefix?: string } = {}) {
  const conditions = [
    filter.accountId ? eq(apiKeys.accountId, filter.accountId) : undefined,
    filter.prefix ? like(apiKeys.prefix, `${filter.prefix.replace(/[%_\\]/g, "\\$&")}%`) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      environment: apiKeys.environment,
      prefix: apiKeys.prefix,
      label: apiKeys.label,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(apiKeys.createdAt);
}

type RevocationListener = (keyId: string) => void;
// On globalThis so that every bundle of one process (Next's route handlers and server actions) shares it.
const revocationListeners: Set<RevocationListener> = ((
  globalThis as { __apiKeyRevocationListeners?: Set<RevocationListener> }
).__apiKeyRevocationListeners ??= new Set());

/** Told of every key revoked in this process, so that caches of key owners can drop it at once. */
export function onApiKeyRevoked(listener: RevocationListener): () => void {
  revocationListeners.add(listener);
  return () => revocationListeners.delete(listener);
}

export async function revokeApiKey(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  for (const listener of revocationListeners) listener(id);
  return rows.length > 0;
}
