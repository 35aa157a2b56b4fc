import "server-only";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createServiceApp, type ServiceApp } from "../app";
import { bootstrap } from "../bootstrap";
import { ManualClock } from "../clock";
import { defaultRateSource } from "../quotes/fixed-rates";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, pgliteDatabase, type Database, type Db } from "@/lib/db/database";
import { createApiKey } from "../store/api-keys";
import { runWorkersOnce } from "../workers";
import { requestLogWriter } from "../request-log/writer";
import type { ServiceConfig, ServiceDeps } from "../context";

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export type DriverKind = "pglite" | "postgres";

export const testConfig: ServiceConfig = {
  rateLimitPerMinute: { sandbox: 100_000, production: 100_000 },
  railDelays: { sentSeconds: 2, completedSeconds: 3 },
  lowBalanceThreshold: "1000",
};

const TEMPLATE = join(process.cwd(), "node_modules", ".cache", "settlement-pglite-template.tar.gz");

/** A fresh in-memory PGlite, loaded from a cached empty data dir (a cold init takes seconds). */
async function freshPglite(): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const schema = await import("../store/schema");
  let client: InstanceType<typeof PGlite>;
  if (existsSync(TEMPLATE)) {
    const blob = new Blob([readFileSync(TEMPLATE)]);
    client = new PGlite({ loadDataDir: blob });
  } else {
    client = new PGlite();
    await client.waitReady;
    const dump = await client.dumpDataDir("gzip");
    mkdirSync(join(process.cwd(), "node_modules", ".cache"), { recursive: true });
    const tmp = `${TEMPLATE}.${randomBytes(4).toString("hex")}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, TEMPLATE);
  }
  await client.waitReady;
  return pgliteDatabase(client, drizzle(client, { schema }) as unknown as Db);
}

/** A fresh schema on the machine's PostgreSQL, dropped on close. */
export async function freshPostgres(
  schemaName = `t_${randomBytes(6).toString("hex")}`,
  max = 10,
): Promise<Database & { schema: string }> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
  await admin.end();
  const database = await openDatabase({
    kind: "postgres",
    url: TEST_PG_URL,
    schema: schemaName,
    max,
    applicationName: `test:${schemaName}`,
  });
  return {
    ...database,
    schema: schemaName,
    close: async () => {
      await database.close();
      const c = new Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await c.end();
    },
  };
}

export interface TestService {
  app: ServiceApp;
  deps: ServiceDeps;
  clock: ManualClock;
  database: Database;
  account: { id: string; name: string };
  keys: { sandbox: string; production: string };
  /** Calls the app like a client would: JSON body, X-Api-Key of the sandbox by default. */
  request(method: string, path: string, init?: RequestOptions): Promise<Response>;
  /** Moves the clock and runs every background worker once. */
  advance(ms: number): Promise<void>;
  runWorkers(): Promise<void>;
  close(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  /** An API key, or null to send none. Defaults to the sandbox key. */
  key?: string | null;
  headers?: Record<string, string>;
}

export async function createTestService(
  options: { driver?: DriverKind; config?: Partial<ServiceConfig>; start?: string } = {},
): Promise<TestService> {
  const database = options.driver === "postgres" ? await freshPostgres() : await freshPglite();
  await migrate(database.db);
  const clock = new ManualClock(options.start);
  const deps: ServiceDeps = {
    db: database.db,
    clock,
    rates: defaultRateSource,
    config: { ...testConfig, ...options.config },
  };
  const account = await bootstrap(deps, {});
  const sandbox = await createApiKey(deps.db, { accountId: account.id, environment: "sandbox" });
  const production = await createApiKey(deps.db, { accountId: account.id, environment: "production" });
  const app = createServiceApp(deps);
  const keys = { sandbox: sandbox.key, production: production.key };
  return {
    app,
    deps,
    clock,
    database,
    account,
    keys,
    request: (method, path, init = {}) => {
      const headers: Record<string, string> = { ...init.headers };
      const key = init.key === undefined ? keys.sandbox : init.key;
      if (key !== null) headers["X-Api-Key"] = key;
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
        headers["Content-Type"] ??= "application/json";
      }
      return Promise.resolve(app.request(path, { method, headers, body }));
    },
    advance: async (ms) => {
      clock.advance(ms);
      await runWorkersOnce(deps);
    },
    runWorkers: () => runWorkersOnce(deps),
    close: async () => {
      await requestLogWriter(database.db).flush();
      await database.close();
    },
  };
}
