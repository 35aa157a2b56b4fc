import "server-only";
import { and, eq } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Environment } from "@/lib/schemas/catalog";
import { DEFAULT_ACCOUNT_NAME } from "@/lib/service/bootstrap";
import type { Executor } from "@/lib/db/database";
import { createApiKey, ensureAccount, findKeyOwner, listApiKeys, revokeApiKey } from "@/lib/service/store/api-keys";
import { apiKeys } from "@/lib/service/store/schema";

export type ConsoleApiKey = {
  id: string;
  environment: Environment;
  prefix: string;
  label: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  /** This console's own key for that environment (from .env.local): revoking it would cut the console off. */
  usedByConsole: boolean;
};

/** The ids of the keys this console itself calls the API with. */
async function consoleKeyIds(db: Executor): Promise<Set<string>> {
  const e = env();
  const ids = new Set<string>();
  for (const key of [e.SETTLEMENT_SANDBOX_API_KEY, e.SETTLEMENT_PRODUCTION_API_KEY]) {
    if (!key) continue;
    const owner = await findKeyOwner(db, key);
    if (owner) ids.add(owner.keyId);
  }
  return ids;
}

/** The default account's keys, newest first, optionally by environment and prefix. */
export async function listConsoleKeys(
  db: Executor,
  filter: { environment?: Environment; prefix?: string } = {},
): Promise<ConsoleApiKey[]> {
  const account = await ensureAccount(db, DEFAULT_ACCOUNT_NAME);
  const [rows, own] = await Promise.all([
    listApiKeys(db, { accountId: account.id, prefix: filter.prefix }),
    consoleKeyIds(db),
  ]);
  return rows
    .filter((r) => !filter.environment || r.environment === filter.environment)
    .map((r) => ({ ...r, usedByConsole: own.has(r.id) }))
    .reverse();
}

export async function createConsoleKey(db: Executor, input: { environment: Environment; label?: string }) {
  const account = await ensureAccount(db, DEFAULT_ACCOUNT_NAME);
  return createApiKey(db, { accountId: account.id, environment: input.environment, label: input.label });
}

export type RevokeOutcome =
  | { ok: true; key: { id: string; prefix: string; environment: Environment } }
  | { ok: false; error: { code: "not_found" | "already_revoked" | "key_in_use"; message: string } };

/** Revokes one of the default account's keys; the service refuses it from the next request on. */
export async function revokeConsoleKey(db: Executor, id: string, at = new Date()): Promise<RevokeOutcome> {
  const account = await ensureAccount(db, DEFAULT_ACCOUNT_NAME);
  const [row] = await db
    .select({ id: apiKeys.id, prefix: apiKeys.prefix, environment: apiKeys.environment, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, account.id)))
    .limit(1);
  if (!row) return { ok: false, error: { code: "not_found", message: "No such key." } };
  if (row.revokedAt) return { ok: false, error: { code: "already_revoked", message: "This key was already revoked." } };
  if ((await consoleKeyIds(db)).has(row.id)) {
    return {
      ok: false,
      error: {
        code: "key_in_use",
        message: "The console itself uses this key. Put a new key in its configuration first, then revoke this one.",
      },
    };
  }
  const revoked = await revokeApiKey(db, id, at);
  if (!revoked) return { ok: false, error: { code: "already_revoked", message: "This key was already revoked." } };
  return { ok: true, key: { id: row.id, prefix: row.prefix, environment: row.environment } };
}
