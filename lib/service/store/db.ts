import "server-only";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import * as schema from "./schema";

export type Schema = typeof schema;
/** A drizzle handle over PGlite or PostgreSQL: every storage function takes one first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction in progress. */
export type Executor = Db | Tx;

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string }
  | { kind: "postgres"; url: string; schema?: string; max?: number };

export interface Database {
  db: Db;
  kind: DatabaseTarget["kind"];
  close(): Promise<void>;
}

/** Rows of a raw SQL statement, the same on both drivers. */
export async function queryRows<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({
      connectionString: target.url,
      max: target.max ?? 10,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const memory = target.dataDir.startsWith("memory://");
  if (!memory) mkdirSync(resolve(target.dataDir), { recursive: true });
  const client = new PGlite(memory ? target.dataDir : resolve(target.dataDir));
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}
