import "server-only";
import { env } from "@/lib/env";
import type { Environment } from "@/lib/schemas/catalog";
import { connectionFor } from "./config";

/**
 * The console's side of the service's key administration (decisions D12.10): for a remote
 * service only (an embedded one shares this console's database), with SERVICE_ADMIN_TOKEN and
 * the environment's own key saying whose keys. A service without the routes answers 404: its
 * keys are then managed where it runs.
 */
export type RemoteKey = {
  id: string;
  environment: Environment;
  prefix: string;
  label: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  usedByConsole: boolean;
};
export type AdminResult<T> = { ok: true; data: T } | { ok: false; status: number | null; message: string };

/** Whether this console manages `environment`'s keys through the remote service's admin API. */
export function adminKeysConfigured(environment: Environment): boolean {
  const conn = connectionFor(environment);
  return !conn.embedded && Boolean(env().SERVICE_ADMIN_TOKEN) && Boolean(conn.apiKey);
}

async function call(
  environment: Environment,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<AdminResult<unknown>> {
  const conn = connectionFor(environment);
  const token = env().SERVICE_ADMIN_TOKEN;
  if (!token || !conn.apiKey)
    return { ok: false, status: null, message: "SERVICE_ADMIN_TOKEN is not set for this console." };
  let res: Response;
  try {
    res = await fetch(`${conn.baseUrl}/v0/admin/api-keys${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        "X-Api-Key": conn.apiKey,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
      cache: "no-store",
    });
  } catch (error) {
    return {
      ok: false,
      status: null,
      message: `The service at ${conn.baseUrl} could not be reached (${(error as Error).message}).`,
    };
  }
  if (res.status === 204) return { ok: true, data: null };
  const json = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok)
    return { ok: false, status: res.status, message: json?.message ?? `The service answered ${res.status}.` };
  return { ok: true, data: json };
}

/** Whether a key prefix is one of this console's own keys (revoking it would cut the console off). */
function ownPrefix(prefix: string): boolean {
  const e = env();
  return [e.SETTLEMENT_SANDBOX_API_KEY, e.SETTLEMENT_PRODUCTION_API_KEY].some((k) => k?.startsWith(prefix));
}

type Wire = {
  id: string;
  environment: Environment;
  prefix: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
};

export async function listRemoteKeys(environment: Environment, prefix?: string): Promise<AdminResult<RemoteKey[]>> {
  const query = new URLSearchParams({ environment, ...(prefix ? { prefix } : {}) });
  const res = await call(environment, "GET", `?${query}`);
  if (!res.ok) return res;
  const rows = ((res.data as { data?: Wire[] })?.data ?? []) as Wire[];
  return {
    ok: true,
    data: rows.map((r) => ({
      id: r.id,
      environment: r.environment,
      prefix: r.prefix,
      label: r.label,
      createdAt: new Date(r.created_at),
      revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
      usedByConsole: ownPrefix(r.prefix),
    })),
  };
}

export async function createRemoteKey(
  environment: Environment,
  label?: string,
): Promise<AdminResult<{ id: string; key: string; prefix: string }>> {
  const res = await call(environment, "POST", "", { environment, label });
  return res.ok ? { ok: true, data: res.data as { id: string; key: string; prefix: string } } : res;
}

export async function revokeRemoteKey(environment: Environment, id: string): Promise<AdminResult<{ prefix: string }>> {
  const listed = await listRemoteKeys(environment);
  if (!listed.ok) return listed;
  const key = listed.data.find((k) => k.id === id);
  if (!key) return { ok: false, status: 404, message: "No such key." };
  if (key.usedByConsole)
    return {
      ok: false,
      status: 409,
      message: "The console itself uses this key. Put a new key in its configuration first, then revoke this one.",
    };
  const res = await call(environment, "DELETE", `/${encodeURIComponent(id)}`);
  return res.ok ? { ok: true, data: { prefix: key.prefix } } : res;
}
