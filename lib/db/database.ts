import "server-only";
import { log } from "@/lib/observability/log";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { is, sql, type SQL } from "drizzle-orm";
import { markDatabaseLost, markDatabaseReachable } from "./availability";
import { releaseClientsOnFailure } from "./pool-transaction";
import { makePrivate } from "./private-files";

/** A drizzle handle over PGlite or PostgreSQL: every storage function takes one first. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
/** Either the database or a transaction in progress. */
export type Executor = Db | Tx;

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string }
  | { kind: "postgres"; url: string; schema?: string; max?: number; applicationName?: string };

/** A payload on a channel, and what to do when the connection that listens was lost and is back. */
export type ListenHandlers = { onMessage(payload: string): void; onReconnect?(): void };

export interface Database {
  db: Db;
  kind: DatabaseTarget["kind"];
  /**
   * LISTEN on `channel` (a plain identifier): PostgreSQL on one dedicated connection that
   * reconnects by itself, PGlite on its own instance. Resolves once listening; returns the stop.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Rows of a raw SQL statement, the same on both drivers. */
export async function queryRows<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** NOTIFY `channel` with `payload` (delivered at commit when in a transaction): what Database.listen hears. */
export async function notify(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

type PoolLike = {
  totalCount: number;
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};
type DrizzleInternals = {
  $client?: unknown;
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
};
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
  if (!pool || typeof pool.totalCount !== "number" || typeof pool.query !== "function")
    return queryRows<T>(db, statement);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `stmt_${statementNames.size + 1}`));
  const result = await (pool as PoolLike).query({ name, text, values: params });
  return result.rows as T[];
}

/**
 * How long a request waits for a connection (a free one from the pool, or a new one) before it is
 * answered 503. A database that refuses connections, or whose connections were cut, fails at
 * once; this bounds the rest (a connect that hangs, a burst that has every pooled connection in a
 * transaction: 100 keyed creates at once on one slow core queue for several seconds).
 */
const CONNECT_TIMEOUT_MS = 10_000;

type GuardedPool = {
  on(event: "error", listener: (error: Error) => void): unknown;
  on(
    event: "connect",
    listener: (client: { on(event: "error", listener: (error: Error) => void): unknown }) => void,
  ): unknown;
};

/**
 * No connection error ever reaches the process as an unhandled event (issue 49). node-postgres
 * emits `error` on an idle pooled client whose backend went away (a restart: 57P01), and on a
 * checked-out client between two statements of a transaction: with no listener, Node throws it
 * and the process exits. The pool's listener covers idle clients, each client's own listener the
 * checked-out ones; the statement in flight fails on its own and is answered 503. A broken client
 * is dropped by the pool on release, and the next request connects afresh (named prepared
 * statements are per connection, so they are prepared again there).
 */
function guardPool(pool: GuardedPool): void {
  pool.on("error", (error) => markDatabaseLost(error));
  pool.on("connect", (client) => {
    markDatabaseReachable();
    client.on("error", (error) => markDatabaseLost(error));
  });
}

/**
 * Every pooled session: JIT off, since each of the app's statements reads a page or a few rows,
 * and a partitioned list's pessimistic cost estimate (one index probe per day) would otherwise
 * pass jit_above_cost and compile for ~250 ms a read that runs in 1 ms (issue 29's bench).
 */
function sessionOptions(target: Extract<DatabaseTarget, { kind: "postgres" }>): string {
  return `-c jit=off${target.schema ? ` -c search_path=${target.schema}` : ""}`;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({
      connectionString: target.url,
      max: target.max ?? 10,
      options: sessionOptions(target),
      // A request waits at most this long for a connection, then answers 503 (never hangs).
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // What pg_stat_activity calls the app's sessions (an operator, or a test, finds them by it).
      application_name: target.applicationName ?? "settlement-console",
      keepAlive: true,
    });
    guardPool(pool);
    const db = drizzle(pool) as unknown as Db;
    releaseClientsOnFailure(db, pool);
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: "postgres",
      listen: async (channel, handlers) => {
        const stop = await listenOnPostgres(target, channel, handlers);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const memory = target.dataDir.startsWith("memory://");
  const dataDir = memory ? target.dataDir : resolve(target.dataDir);
  if (!memory) {
    makePrivate(dataDir);
    initialiseApart(dataDir);
    makePrivate(dataDir); // what the initialising child wrote
  }
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [];
  const startParams = [...defaults, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = new PGlite({ dataDir, startParams });
  await client.waitReady;
  // PGlite writes its relation caches (pg_internal.init) 0644 at start, whatever the umask
  // (issue 58 saw 0666 under umask 0): tightened once the backend is up, as on close.
  if (!memory) {
    await client.query("select 1");
    makePrivate(dataDir);
  }
  const database = pgliteDatabase(client, drizzle(client) as unknown as Db);
  if (memory) return database;
  // Anything PGlite writes later is inside the 0700 directory, and tightened again when it closes.
  return {
    ...database,
    close: async () => {
      await database.close();
      makePrivate(dataDir);
    },
  };
}

/**
 * PGlite's buffer pool lives in its WebAssembly heap for as long as the process runs, and a heap
 * never shrinks: PostgreSQL's default of 128 MB would be most of the console's idle memory. The
 * embedded database is one person's sandbox and the operating system caches its files anyway.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * Creating a new data directory (initdb) grows PGlite's heap to about 600 MB, and the heap keeps
 * that size. A fresh directory is therefore created by a short-lived child process; this process
 * then opens the finished directory. If the child cannot run (no node_modules beside the working
 * directory), PGlite creates the directory here as before.
 */
function initialiseApart(dataDir: string): void {
  if (existsSync(join(dataDir, "PG_VERSION"))) return;
  let entry: string;
  try {
    entry = createRequire(join(process.cwd(), "package.json")).resolve("@electric-sql/pglite");
  } catch {
    return;
  }
  const script = [
    "const { pathToFileURL } = await import('node:url');",
    "const { PGlite } = await import(pathToFileURL(process.argv[1]).href);",
    "const db = new PGlite(process.argv[2]);",
    "await db.waitReady;",
    "await db.close();",
  ].join("\n");
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script, entry, dataDir], {
    stdio: "inherit",
    timeout: 120_000,
  });
  // A directory left half-made would fail later, less clearly: stop here and say why.
  if (child.status !== 0) {
    throw new Error(
      `Could not create the database in ${dataDir} (${child.error?.message ?? `exit ${child.status ?? child.signal}`}); remove the directory and start again.`,
    );
  }
}

type PgliteClient = {
  closed: boolean;
  close(): Promise<void>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};

/** A Database over an open PGlite and its drizzle handle (also used by the tests' harness). */
export function pgliteDatabase(client: PgliteClient, db: Db): Database {
  return {
    db,
    kind: "pglite",
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, (payload) => handlers.onMessage(payload));
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

const RECONNECT_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/**
 * One connection outside the pool that LISTENs on `channel`. When it drops it connects again,
 * backing off, and calls onReconnect: whatever was notified meanwhile is lost, so listeners
 * catch up from the rows themselves.
 */
async function listenOnPostgres(
  target: Extract<DatabaseTarget, { kind: "postgres" }>,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const { Client } = await import("pg");
  let stopped = false;
  let client: InstanceType<typeof Client> | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new Client({
      connectionString: target.url,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    next.on("error", (error) => {
      markDatabaseLost(error);
      lost(next);
    });
    next.on("end", () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
  };
  const lost = (which: InstanceType<typeof Client>) => {
    if (stopped || client !== which) return;
    client = null;
    which.end().catch(() => {});
    schedule();
  };
  const schedule = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5_000;
    attempt += 1;
    retry = setTimeout(() => {
      connect().then(
        () => {
          log().info({ channel }, "live updates listening again");
          handlers.onReconnect?.();
        },
        () => {
          if (!stopped) schedule();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
