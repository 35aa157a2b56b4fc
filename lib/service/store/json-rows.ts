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
    column.columnType === "PgNumeric"
      ? sql`${sql.raw(`'${column.name}'`)}, ${column}::text`
      : sql`${sql.raw(`'${column.name}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

type Reader = { key: string; name: string; map: ((value: unknown) => unknown) | null };
const readers = new WeakMap<PgTable, Reader[]>();

/** Per table, once: each column's key, name and mapping (none for JSON, which arrives parsed). */
function readersOf(table: PgTable): Reader[] {
  let list = readers.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      name: column.name,
      map:
        column.columnType === "PgJsonb" || column.columnType === "PgJson"
          ? null
          : (value: unknown) => column.mapFromDriverValue(value),
    }));
    readers.set(table, list);
  }
  return list;
}

/** The row drizzle would have returned, from rowAsJson's value. */
export function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const { key, name, map } of readersOf(table)) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : map ? map(value) : value;
  }
  return row as T["$inferSelect"];
}
