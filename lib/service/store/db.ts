import "server-only";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { is, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";
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

type PoolLike = { totalCount: number; query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };
type DrizzleInternals = { $client?: unknown; dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } } };
const statementNames = new Map<string, string>();

/**
 * Rows of a statement run as a named prepared statement on a PostgreSQL pool, so each
 * connection parses and plans it once (for hot writes whose planning costs more than their
 * execution); in a transaction or on PGlite, an ordinary execute. The statement's text must come
 * from a few fixed shapes: each distinct text is prepared on every connection.
 */
export async function queryRowsPrepared<T>(db: Executor, statement: SQL): Promise<T[]> {
  // A transaction must run its statements on its own connection: only the root handle may use the pool.
  if (is(db, PgTransaction)) return queryRows<T>(db, statement);
  const { $client: client, dialect } = db as unknown as DrizzleInternals;
  const pool = client as Partial<PoolLike> | undefined;
  if (!pool || typeof pool.totalCount !== "number" || typeof pool.query !== "function") return queryRows<T>(db, statement);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `stmt_${statementNames.size + 1}`));
  const result = await (pool as PoolLike).query({ name, text, values: params });
  return result.rows as T[];
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
