import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";

/**
 * One page of a SCIM list (RFC 7644 §3.4.2.4): how many rows `where` selects in all, and those of
 * the page, oldest first by (created_at, id). `from` is the table with its alias, `alias` that
 * alias, `select` the resource's own select over it.
 */
export async function listPage<Row>(
  db: Executor,
  query: { from: SQL; alias: "u" | "g"; select: SQL; where: SQL },
  page: { startIndex: number; count: number },
): Promise<{ total: number; rows: Row[] }> {
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${query.from} where ${query.where}`,
  );
  const rows =
    page.count === 0
      ? []
      : await queryRows<Row>(
          db,
          sql`${query.select} where ${query.where} order by ${sql.raw(query.alias)}.created_at, ${sql.raw(query.alias)}.id offset ${page.startIndex - 1} limit ${page.count}`,
        );
  return { total: counted?.n ?? 0, rows };
}
