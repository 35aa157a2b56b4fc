import "server-only";
import { sql } from "drizzle-orm";
import type { Environment } from "@/lib/schemas/catalog";
import { hashApiKey, type KeyOwner } from "./api-keys";
import { queryRows, type Executor } from "./db";

/**
 * One round trip per request: finds the active key's owner and counts the request in the key's
 * rate-limit window (an atomic upsert, shared by every instance). Null for an unknown or revoked
 * key, which is then not counted.
 */
export async function identifyAndCount(
  db: Executor,
  key: string,
  windowStart: number,
): Promise<(KeyOwner & { count: number }) | null> {
  const rows = await queryRows<{ key_id: string; account_id: string; account_name: string; environment: Environment; count: number }>(
    db,
    sql`WITH k AS (
          SELECT ak.id, ak.account_id, ak.environment, a.name
          FROM api_keys ak JOIN accounts a ON a.id = ak.account_id
          WHERE ak.key_hash = ${hashApiKey(key)} AND ak.revoked_at IS NULL
        ), c AS (
          INSERT INTO rate_limit_windows (api_key_id, window_start, count)
          SELECT id, ${windowStart}, 1 FROM k
          ON CONFLICT (api_key_id, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
          RETURNING count
        )
        SELECT k.id AS key_id, k.account_id, k.name AS account_name, k.environment, c.count
        FROM k CROSS JOIN c`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    keyId: row.key_id,
    accountId: row.account_id,
    accountName: row.account_name,
    environment: row.environment,
    count: Number(row.count),
  };
}
