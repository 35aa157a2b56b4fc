import "server-only";
import { createHash } from "node:crypto";
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Executor } from "@/lib/db/database";
import { ownedBy, type Scope } from "./scope";

/** The shapes every table's store module repeats, written once: insert, update, find in scope, one page of a list. */

/** Which page of a list: 1-based page and its size, as the list queries take them. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The result key pageOfRows carries the total under (no table has such a column). */
const TOTAL = "__total";

/**
 * One page of a table's rows that `where` selects, in `order`, and the total it selects (the list
 * endpoints' shape, decisions D6): one statement, the total as an uncorrelated subquery that the
 * database evaluates once beside the page's own (index-ordered, limited) scan. Only a page past
 * the end, which returns no row to carry the total, asks for the count separately.
 */
export async function pageOfRows<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: PageRequest,
  options: {
    countUpTo?: number;
    total?: () => Promise<number>;
    /** The same set as `where` said more cheaply, for the count alone (a count from an index only). */
    countWhere?: SQL;
    /** Columns not read (their keys are missing from the rows): large ones the caller does not show. */
    leaveOut?: readonly string[];
    /**
     * Sends the page as a named statement, so each connection plans it once (decision D16.15): a
     * table partitioned by day costs ~10 ms to plan afresh, more than the page costs to read.
     */
    reusePlan?: boolean;
  } = {},
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([key]) => !options.leaveOut?.includes(key)),
  );
  if (options.total) {
    // The total comes from elsewhere (running counts, decision D6.6): the page reads its rows only.
    const [rows, total] = await Promise.all([
      db
        .select(columns)
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      options.total(),
    ]);
    return { rows: rows as T["$inferSelect"][], total };
  }
  const counting = options.countWhere ?? where;
  const filter = counting ? sql` where ${counting}` : sql``;
  // A first page planned once (reusePlan) says its sizes as literals: a plan made for any LIMIT
  // would be estimated for a tenth of the table and lose to planning afresh every time.
  const reuse = options.reusePlan === true && page.page === 1;
  const literal = (n: number) => (reuse ? sql.raw(String(Math.trunc(n))) : sql`${n}`);
  // A capped count stops reading once it has seen one row more than the cap (decisions D11.5).
  const counted = options.countUpTo
    ? sql<string>`(select count(*) from (select 1 from ${table}${filter} limit ${literal(options.countUpTo + 1)}) as capped)`
    : sql<string>`(select count(*) from ${table}${filter})`;
  const query = db
    .select({ ...columns, [TOTAL]: counted })
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    // drizzle writes an SQL chunk given as the limit as it is (pg-core dialect): the literal above.
    .limit(reuse ? (literal(page.pageSize) as unknown as number) : page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const found = (await (reuse ? query.prepare(statementName(query.toSQL().sql)).execute() : query)) as Array<
    Record<string, unknown>
  >;
  if (found.length === 0) {
    if (page.page === 1) return { rows: [], total: 0 };
    const [n] = await queryRows<{ n: string }>(db, sql`select ${counted} as n`);
    return { rows: [], total: Number(n?.n ?? 0) };
  }
  const total = Number(found[0][TOTAL]);
  const rows = found.map(({ [TOTAL]: _total, ...row }) => row);
  return { rows: rows as T["$inferSelect"][], total };
}

/** A prepared statement's name from its text: the same text, the same statement on every connection. */
function statementName(text: string): string {
  return `page_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
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
export async function insertRow<T extends PgTable>(
  db: Executor,
  table: T,
  row: T["$inferInsert"],
): Promise<T["$inferSelect"]> {
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
