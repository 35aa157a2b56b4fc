import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./database";
import { MIGRATIONS } from "./migrations";

/** Arbitrary constant: one lock id for "someone is migrating this database". */
const MIGRATION_LOCK = 4_210_001;

/**
 * Applies every migration not yet recorded, in order. Safe when several instances start at once
 * on one PostgreSQL: they take turns on an advisory lock.
 */
export async function migrate(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set((await queryRows<{ id: string }>(tx, sql`SELECT id FROM schema_migrations`)).map((r) => r.id));
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      for (const statement of splitStatements(m.sql)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (id) VALUES (${m.id})`);
    }
  });
}

/**
 * One statement at a time: PGlite's extended protocol takes no multi-statement strings. A
 * statement ends at a semicolon at the end of a line, outside dollar quotes (function bodies).
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  const boundary = /\$[A-Za-z_]*\$|;\s*(?:\n|$)/g;
  let quote: string | null = null;
  let start = 0;
  for (let m = boundary.exec(text); m; m = boundary.exec(text)) {
    if (m[0].startsWith("$")) {
      if (quote === null) quote = m[0];
      else if (m[0] === quote) quote = null;
      continue;
    }
    if (quote !== null) continue;
    statements.push(text.slice(start, m.index));
    start = m.index + m[0].length;
  }
  statements.push(text.slice(start));
  return statements.map((s) => s.trim()).filter((s) => s.length > 0);
}
