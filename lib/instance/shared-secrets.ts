import "server-only";
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";

/**
 * Secrets every console instance on one database must share: AUTH_SECRET (sessions signed on one
 * are read on another) and DATA_ENCRYPTION_KEY (secrets sealed by one are opened by another).
 * The database keeps a fingerprint of each (an HMAC keyed by the secret, never the secret):
 * the first instance records it, every later one must match or refuses to start.
 */
export function fingerprint(name: string, value: string | null): string {
  if (!value) return "none";
  return createHmac("sha256", value).update(`settlement-console shared secret: ${name}`).digest("hex").slice(0, 32);
}

/** The names whose fingerprint differs from the one recorded; records the ones not yet known. */
export async function mismatchedSecrets(db: Executor, secrets: Record<string, string | null>): Promise<string[]> {
  const mismatched: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    const mine = fingerprint(name, value);
    await db.execute(
      sql`insert into console_secret_fingerprints (name, fingerprint) values (${name}, ${mine}) on conflict (name) do nothing`,
    );
    const [row] = await queryRows<{ fingerprint: string }>(
      db,
      sql`select fingerprint from console_secret_fingerprints where name = ${name}`,
    );
    if (row && row.fingerprint !== mine) mismatched.push(name);
  }
  return mismatched;
}

/** After a rotation: the new key's fingerprint replaces the old one. */
export async function recordFingerprint(db: Executor, name: string, value: string | null): Promise<void> {
  const mine = fingerprint(name, value);
  await db.execute(sql`
    insert into console_secret_fingerprints (name, fingerprint) values (${name}, ${mine})
    on conflict (name) do update set fingerprint = excluded.fingerprint, recorded_at = now()`);
}
