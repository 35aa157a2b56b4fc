import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";

/**
 * Fixed-window counters in console_rate_windows, shared by every instance and used by both
 * halves (payer links' views, failed access tokens, the service's admin token). Housekeeping
 * deletes windows long ended (lib/pay/pay-links.ts).
 */

/** Adds one to `key`'s count in its current window (a new window once the last has ended); the count after. */
export async function countInWindow(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`insert into console_rate_windows as w (key, window_started_at, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when w.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then 1 else w.count + 1 end,
          window_started_at = case when w.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then now() else w.window_started_at end
        returning count`,
  );
  return Number(row?.count ?? 0);
}

/** `key`'s count in its current window, without counting (0 once the window has ended). */
export async function currentCount(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count from console_rate_windows
        where key = ${key} and window_started_at > now() - make_interval(secs => ${windowSeconds})`,
  );
  return Number(row?.count ?? 0);
}
