import "server-only";
import { createConsoleKey, listConsoleKeys, revokeConsoleKey, type ConsoleApiKey } from "@/lib/auth/api-keys";
import { getDatabase } from "@/lib/db/connection";
import type { Environment } from "@/lib/schemas/catalog";
import { adminKeysConfigured, createRemoteKey, listRemoteKeys, revokeRemoteKey } from "./admin-keys";
import { connectionFor, keysManagedHere } from "./config";

/** Why a key call failed, as every caller says it: a code and words for a person. */
export type KeyFailure = {
  ok: false;
  code: "keys_managed_remotely" | "admin_api_failed" | "not_found" | "already_revoked" | "key_in_use";
  message: string;
};
export type KeyResult<T> = { ok: true; data: T } | KeyFailure;

/**
 * The one client for key administration (issue 45; decisions D12.9, D12.10): the API keys page,
 * createApiKey, revokeApiKey and an approved key creation all ask `keyAdminFor(environment)`,
 * which is the embedded service's table in this console's database, the remote service's admin
 * API (with SERVICE_ADMIN_TOKEN), or "managed where the service runs". The three-way choice is
 * made here once.
 */
export type KeyAdmin = {
  where: "embedded" | "remote" | "elsewhere";
  list(prefix?: string): Promise<KeyResult<ConsoleApiKey[]>>;
  create(label?: string): Promise<KeyResult<{ id: string; key: string; prefix: string }>>;
  revoke(id: string): Promise<KeyResult<{ prefix: string; environment: Environment }>>;
};

export function keyAdminFor(environment: Environment): KeyAdmin {
  if (adminKeysConfigured(environment)) return remoteAdmin(environment);
  if (keysManagedHere(environment)) return embeddedAdmin(environment);
  const elsewhere: KeyFailure = {
    ok: false,
    code: "keys_managed_remotely",
    message: `${environment} keys are managed where the remote service runs (${connectionFor(environment).baseUrl}), not in this console.`,
  };
  return {
    where: "elsewhere",
    list: async () => elsewhere,
    create: async () => elsewhere,
    revoke: async () => elsewhere,
  };
}

/** The keys of this console's own table (the embedded service's): a revoke finds a key by id whatever its environment. */
export function embeddedAdmin(environment: Environment): KeyAdmin {
  return {
    where: "embedded",
    list: async (prefix) => ({
      ok: true,
      data: await listConsoleKeys((await getDatabase()).db, { environment, prefix }),
    }),
    create: async (label) => {
      const made = await createConsoleKey((await getDatabase()).db, { environment, label });
      return { ok: true, data: { id: made.id, key: made.key, prefix: made.prefix } };
    },
    revoke: async (id) => {
      const outcome = await revokeConsoleKey((await getDatabase()).db, id);
      if (!outcome.ok) return { ok: false, code: outcome.error.code, message: outcome.error.message };
      return { ok: true, data: { prefix: outcome.key.prefix, environment: outcome.key.environment } };
    },
  };
}

function remoteAdmin(environment: Environment): KeyAdmin {
  // A service without the admin routes answers 404: its keys are then managed where it runs.
  const failure = (status: number | null, message: string): KeyFailure => ({
    ok: false,
    code: status === 404 ? "keys_managed_remotely" : status === 409 ? "key_in_use" : "admin_api_failed",
    message,
  });
  return {
    where: "remote",
    list: async (prefix) => {
      const listed = await listRemoteKeys(environment, prefix);
      return listed.ok ? listed : failure(listed.status, listed.message);
    },
    create: async (label) => {
      const made = await createRemoteKey(environment, label);
      return made.ok ? made : failure(made.status, made.message);
    },
    revoke: async (id) => {
      const revoked = await revokeRemoteKey(environment, id);
      if (revoked.ok) return { ok: true, data: { prefix: revoked.data.prefix, environment } };
      return revoked.status === 404
        ? { ok: false, code: "not_found", message: revoked.message }
        : failure(revoked.status, revoked.message);
    },
  };
}
