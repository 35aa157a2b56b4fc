import "server-only";
import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./db";

/** Which page of a list: 1-based page and its size, as the list queries take them. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of a table's rows that `where` selects, in `order`, and the total it selects: two
 * queries side by side (the list endpoints' shape, decisions D6).
 */
export async function pageOfRows<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: PageRequest,
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(table as PgTable).where(where),
  ]);
  return { rows: rows as T["$inferSelect"][], total: Number(totals[0]?.n ?? 0) };
}
