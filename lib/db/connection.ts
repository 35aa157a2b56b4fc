import "server-only";
import { env } from "@/lib/env";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, type Database } from "@/lib/db/database";

const holder = globalThis as typeof globalThis & { __settlementDatabase?: Promise<Database> };

/**
 * The process's one database (PGlite allows one instance per process and data directory),
 * shared by the embedded service and the dashboard's own tables; migrated on first use.
 */
export function getDatabase(): Promise<Database> {
  holder.__settlementDatabase ??= (async () => {
    const e = env();
    const database = await openDatabase(
      e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "pglite", dataDir: e.DATA_DIR },
    );
    await migrate(database.db);
    return database;
  })().catch((error: unknown) => {
    holder.__settlementDatabase = undefined;
    throw error;
  });
  return holder.__settlementDatabase;
}

/** Closes the process's database if it was opened (the last step of a graceful shutdown). */
export async function closeDatabase(): Promise<void> {
  const opening = holder.__settlementDatabase;
  holder.__settlementDatabase = undefined;
  const database = await opening?.catch(() => undefined);
  await database?.close().catch(() => undefined);
}
