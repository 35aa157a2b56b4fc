import "server-only";
import { lt, sql } from "drizzle-orm";
import { queryRows, type Executor } from "./db";
import { rateLimitWindows } from "./schema";

/**
 * Counts one request in the key's current window and returns the new count. One atomic upsert,
 * so every instance on the same database shares the count.
 */
export async function countRequest(db: Executor, apiKeyId: string, windowStart: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`INSERT INTO rate_limit_windows (api_key_id, window_start, count) VALUES (${apiKeyId}, ${windowStart}, 1)
        ON CONFLICT (api_key_id, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
        RETURNING count`,
  );
  return Number(rows[0].count);
}

export async function pruneRateLimitWindows(db: Executor, olderThan: number): Promise<void> {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, olderThan));
}
