import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";

/** An account's sandbox clock offset in ms (0 when it never moved). */
export async function readSandboxOffset(db: Executor, accountId: string): Promise<number> {
  const [row] = await queryRows<{ offset_ms: string | number }>(
    db,
    sql`SELECT offset_ms FROM sandbox_clocks WHERE account_id = ${accountId}`,
  );
  return row ? Number(row.offset_ms) : 0;
}

/** Moves an account's sandbox clock forward, atomically across instances; the new offset. */
export async function addSandboxOffset(db: Executor, accountId: string, ms: number, at: Date): Promise<number> {
  const [row] = await queryRows<{ offset_ms: string | number }>(
    db,
    sql`INSERT INTO sandbox_clocks (account_id, offset_ms, updated_at) VALUES (${accountId}, ${ms}, ${at.toISOString()}::timestamptz)
        ON CONFLICT (account_id) DO UPDATE SET offset_ms = sandbox_clocks.offset_ms + EXCLUDED.offset_ms, updated_at = EXCLUDED.updated_at
        RETURNING offset_ms`,
  );
  return Number(row.offset_ms);
}

/**
 * "Now" for a row in due-time queries: the service clock, plus the row's account's sandbox
 * offset when the row is in the sandbox (decision D8.3). `account` and `environment` are the
 * row's columns, e.g. sql`r.account_id`.
 */
export function nowForRow(now: Date, account: SQL, environment: SQL): SQL {
  return sql`(${now.toISOString()}::timestamptz + COALESCE((SELECT sc.offset_ms FROM sandbox_clocks sc WHERE sc.account_id = ${account} AND ${environment} = 'sandbox'), 0) * interval '1 millisecond')`;
}

/**
 * The latest "now" any row can have: the service clock plus the largest sandbox offset of any
 * account. Due-time queries put `column <= dueBound(now)` beside their per-row check, so a
 * partial index on the column serves them and only the few rows it finds pay for the per-row
 * clock (issue 29: a pass reads what is due, not the table). An uncorrelated subquery: the
 * database runs it once and uses its value as the index bound.
 */
export function dueBound(now: Date): SQL {
  return sql`(${now.toISOString()}::timestamptz + (SELECT COALESCE(max(sc.offset_ms), 0) FROM sandbox_clocks sc) * interval '1 millisecond')`;
}
