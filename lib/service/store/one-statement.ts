import "server-only";
import { getTableColumns, getTableName, SQL, sql, StringChunk } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { queryRowsPrepared, type Executor } from "@/lib/db/database";

/**
 * An INSERT of whole rows, built straight from the table's columns as one flat SQL (drizzle's
 * insert builder, and nested sql`` templates, cost more than the insert itself on hot paths).
 * Columns a row leaves undefined take their default.
 */
export function insertSql<T extends PgTable>(table: T, rows: readonly T["$inferInsert"][]): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const chunks: unknown[] = [];
  let text = `INSERT INTO "${getTableName(table)}" (${columns.map(([, column]) => `"${column.name}"`).join(", ")}) VALUES `;
  rows.forEach((row, i) => {
    text += i === 0 ? "(" : ", (";
    columns.forEach(([key, column], j) => {
      if (j > 0) text += ", ";
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined) text += "DEFAULT";
      else if (value === null) text += "NULL";
      else {
        chunks.push(new StringChunk(text), column.mapToDriverValue(value));
        text = "";
      }
    });
    text += ")";
  });
  chunks.push(new StringChunk(text));
  return new SQL(chunks as SQL["queryChunks"]);
}

/** A write inside oneStatement; `returning` names a CTE the final SELECT may read. */
export interface Write {
  name: string;
  statement: SQL;
}

/**
 * Several data-modifying statements as one (CTEs): atomic without BEGIN/COMMIT and one round
 * trip instead of one per write. Foreign keys between the rows are checked at the end of the
 * statement, so writes may reference each other. `select` reads the CTEs (their RETURNING).
 * Prepared on PostgreSQL (queryRowsPrepared): rows of a fixed shape give a few fixed texts.
 */
export async function oneStatement<T>(db: Executor, writes: readonly Write[], select: SQL): Promise<T[]> {
  const ctes = writes.map((w) => sql`${sql.raw(w.name)} AS (${w.statement})`);
  return queryRowsPrepared<T>(db, sql`WITH ${sql.join(ctes, sql`, `)} ${select}`);
}
