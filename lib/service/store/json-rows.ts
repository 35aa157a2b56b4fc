import "server-only";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * A table's row as one JSON value built by the database (json_build_object keyed by column
 * name), for hot reads: one field to describe and parse instead of one per column. Numerics go
 * as text, so money never passes through a JSON number.
 */
export function rowAsJson(table: PgTable): SQL {
  const pairs = Object.values(getTableColumns(table)).map((column) =>
    column.columnType === "PgNumeric" ? sql`${sql.raw(`'${column.name}'`)}, ${column}::text` : sql`${sql.raw(`'${column.name}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The row drizzle would have returned, from rowAsJson's value. */
export function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    if (value === null || value === undefined) row[key] = null;
    else if (column.columnType === "PgJsonb" || column.columnType === "PgJson") row[key] = value;
    else row[key] = column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
