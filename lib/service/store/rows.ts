import "server-only";
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { AmountTotals } from "@/lib/schemas/list";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./db";
import { ownedBy, type Scope } from "./scope";

/** The shapes every table's store module repeats, written once: insert, update, find in scope, one page of a list. */

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

type OwnedTable = PgTable & { id: AnyPgColumn; accountId: AnyPgColumn; environment: AnyPgColumn };

/** The row of `table` with this id in the scope (locked for update when `lock`), or null: another scope's id is unknown here. */
export async function findOwned<T extends OwnedTable>(
  db: Executor,
  table: T,
  scope: Scope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<T["$inferSelect"] | null> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), ownedBy(table, scope)))
    .limit(1);
  const rows = options.lock ? await query.for("update") : await query;
  return (rows[0] as T["$inferSelect"] | undefined) ?? null;
}

/** Inserts one row; the row as stored. */
export async function insertRow<T extends PgTable>(db: Executor, table: T, row: T["$inferInsert"]): Promise<T["$inferSelect"]> {
  const [created] = await db
    .insert(table as PgTable)
    .values(row as never)
    .returning();
  return created as T["$inferSelect"];
}

/** Applies `patch` to the row `where` selects; the row after it, or undefined when none matched. */
export async function updateRow<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  patch: Partial<T["$inferInsert"]>,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await db
    .update(table as PgTable)
    .set(patch as never)
    .where(where)
    .returning();
  return row as T["$inferSelect"] | undefined;
}

type AmountTable = PgTable & { currency: AnyPgColumn; amount: AnyPgColumn };

/** How many rows `where` selects and their amounts summed per currency, exact (`numeric` as text): the lists' `include=totals`. */
export async function amountTotals<T extends AmountTable>(db: Executor, table: T, where: SQL | undefined): Promise<AmountTotals> {
  const rows = await db
    .select({ currency: table.currency, amount: sql<string>`sum(${table.amount})::text`, n: sql<number>`count(*)::int` })
    .from(table as PgTable)
    .where(where)
    .groupBy(table.currency)
    .orderBy(table.currency);
  return { count: rows.reduce((n, r) => n + Number(r.n), 0), amounts: rows.map((r) => ({ currency: String(r.currency), amount: r.amount })) };
}
