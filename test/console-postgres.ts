/**
 * The console's schema on the machine's PostgreSQL for a test: a fresh schema with every
 * migration applied, and, for tests of work shared between instances, a second instance's own
 * pool on the same schema. Closing drops the schema.
 */
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "@/lib/db/database";
import { migrate } from "@/lib/db/migrate";
import { freshPostgres, TEST_PG_URL } from "@/lib/service/testing/harness";

export type TestDatabase = Database & { schema: string };

/** A fresh schema with the console's migrations applied. */
export async function migratedPostgres(): Promise<TestDatabase> {
  const a = await freshPostgres();
  await migrate(a.db);
  return a;
}

/** Two instances on one fresh migrated schema: `a` drops it when closed, after `b`. */
export async function twoInstances(): Promise<{ a: TestDatabase; b: Database; close(): Promise<void> }> {
  const a = await migratedPostgres();
  const b = await openDatabase({ kind: "postgres", url: TEST_PG_URL, schema: a.schema, max: 5 });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

/**
 * Two instances for one `describe`: opened before its tests, closed after. `a.db` and `b.db` are
 * read when a test runs (they do not exist while the suite is being declared).
 */
export function twoInstancesPerSuite(): { a: { readonly db: Database["db"] }; b: { readonly db: Database["db"] } } {
  let pair: Awaited<ReturnType<typeof twoInstances>> | null = null;
  const opened = () => {
    if (!pair) throw new Error("the two instances are opened in beforeAll: use them inside a test");
    return pair;
  };
  beforeAll(async () => {
    pair = await twoInstances();
  });
  afterAll(async () => {
    await pair?.close();
  });
  return {
    a: {
      get db() {
        return opened().a.db;
      },
    },
    b: {
      get db() {
        return opened().b.db;
      },
    },
  };
}
