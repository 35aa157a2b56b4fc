import "server-only";
import { and, desc, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "@/lib/db/database";

/** Where an export stopped: the exact created_at (as PostgreSQL prints it, microseconds kept) and id of its last row. */
export type ExportCursor = { createdAt: string; id: string };

/**
 * The next rows of an export (decisions D6.9): newest first, strictly older than the cursor in
 * (created_at, id) order, so every row comes once however many share a millisecond, and each
 * page is a range read of the list index (owner, created_at, id) with no OFFSET and no count.
 */
export async function olderRows<T extends PgTable & { createdAt: PgColumn; id: PgColumn }>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  cursor: ExportCursor | null,
  limit: number,
): Promise<{ rows: T["$inferSelect"][]; cursor: ExportCursor | null }> {
  const older = cursor
    ? sql`(${table.createdAt}, ${table.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : undefined;
  const found = (await db
    .select({ ...getTableColumns(table), exportAt: sql<string>`${table.createdAt}::text` })
    .from(table as PgTable)
    .where(and(where, older))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit)) as Array<T["$inferSelect"] & { exportAt: string }>;
  const last = found.at(-1);
  return {
    rows: found.map(({ exportAt: _, ...row }) => row as T["$inferSelect"]),
    cursor: last ? { createdAt: last.exportAt, id: String((last as unknown as { id: unknown }).id) } : null,
  };
}
