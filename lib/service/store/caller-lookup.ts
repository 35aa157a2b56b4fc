import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Environment } from "@/lib/schemas/catalog";
import type { KeyOwner } from "./api-keys";
import { queryRows, type Executor } from "@/lib/db/database";

export interface Claim {
  /** The key's per-minute limit for its environment. */
  limit: number;
  /** Slots handed out in the window by every instance, this claim included (never above the limit). */
  count: number;
  /** Slots this claim received: 0 when the window is spent (or when none were asked for). */
  granted: number;
  /** The account's sandbox clock offset in ms, read in the same statement (0 for a production key). */
  sandboxOffsetMs: number;
}

export interface ClaimRequest {
  /** SHA-256 of the key, hex. */
  keyHash: string;
  windowStart: number;
  /** Slots wanted; 0 only checks the key. */
  want: number;
  limits: Record<Environment, number>;
  /**
   * A claim takes at most 1/spread of what is left in the window (and at least one slot), so that
   * near the limit slots go out one at a time and no instance sits on slots another needs.
   */
  spread: number;
}

/**
 * One round trip: finds the active key's owner and claims up to `want` slots of the key's
 * rate-limit window, shared by every instance (an atomic upsert that never takes the count
 * past the limit), and reads a sandbox key's account clock (decision D8.3) on the way. Null for an
 * unknown or revoked key, which claims nothing.
 */
export async function identifyAndClaim(db: Executor, request: ClaimRequest): Promise<(KeyOwner & Claim) | null> {
  const { keyHash, windowStart, want, limits, spread } = request;
  // Slots this claim gets when `used` are already out: what was asked, at most 1/spread of what
  // is left (at least one), never past the limit, never negative.
  const grant = (used: SQL) =>
    sql`GREATEST(0, LEAST(${want}::int, GREATEST(1, ((SELECT lim FROM k) - ${used}) / ${spread}::int), (SELECT lim FROM k) - ${used}))`;
  const rows = await queryRows<{
    key_id: string;
    account_id: string;
    account_name: string;
    environment: Environment;
    lim: number;
    count: number;
    last_grant: number;
    offset_ms: string | number;
  }>(
    db,
    sql`WITH k AS (
          SELECT ak.id, ak.account_id, ak.environment, a.name,
                 (CASE ak.environment WHEN 'production' THEN ${limits.production}::int ELSE ${limits.sandbox}::int END) AS lim,
                 (CASE ak.environment WHEN 'sandbox'
                    THEN COALESCE((SELECT sc.offset_ms FROM sandbox_clocks sc WHERE sc.account_id = ak.account_id), 0) ELSE 0 END) AS offset_ms
          FROM api_keys ak JOIN accounts a ON a.id = ak.account_id
          WHERE ak.key_hash = ${keyHash} AND ak.revoked_at IS NULL
        ), c AS (
          INSERT INTO rate_limit_windows AS w (api_key_id, window_start, count, last_grant)
          SELECT k.id, ${windowStart}, ${grant(sql`0`)}, ${grant(sql`0`)} FROM k
          ON CONFLICT (api_key_id, window_start) DO UPDATE SET count = w.count + ${grant(sql`w.count`)}, last_grant = ${grant(sql`w.count`)}
          RETURNING w.count, w.last_grant
        )
        SELECT k.id AS key_id, k.account_id, k.name AS account_name, k.environment, k.lim, k.offset_ms, c.count, c.last_grant
        FROM k CROSS JOIN c`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    keyId: row.key_id,
    accountId: row.account_id,
    accountName: row.account_name,
    environment: row.environment,
    limit: Number(row.lim),
    count: Number(row.count),
    granted: Number(row.last_grant),
    sandboxOffsetMs: Number(row.offset_ms),
  };
}
