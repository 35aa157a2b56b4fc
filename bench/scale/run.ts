/**
 * bench/scale (issue 29): a merchant's history at N/10 and at N settlement requests (default
 * 1 M), each on a fresh PostgreSQL database. The standalone service writes 40 requests through
 * its API; SQL clones them to N requests with 2 payments each, 10·N request-log rows and 3·N
 * events (lib/service/testing/scale-seed.ts). Then every read of the lists, totals, summary,
 * search and by id is timed through the service's HTTP, 20 runs each after a warm-up; a
 * scheduler pass is timed and its reads replayed under EXPLAIN ANALYZE to count the rows they touch; and each table's bytes per row
 * and the seeding time are printed. Figures at N are reported beside the same at N/10.
 *
 *   npm run bench:scale                       (N = 1,000,000: about 20 GB of disk and half an hour)
 *   BENCH_SCALE_N=100000 npm run bench:scale
 *   BENCH_KEEP=1 keeps the databases; BENCH_REUSE=1 measures databases an earlier run seeded
 *   (BENCH_SEEDED_SECONDS_<n> tells the report how long that seeding took).
 *   BENCH_PAGES_ONLY=1 times only the console pages, on the databases a BENCH_KEEP run left.
 */
import { writeFileSync } from "node:fs";
import pg from "pg";
import { startProcess, stopProcess, waitForUrl } from "../lib/processes";
import { consolePages, SCALE_PAGES } from "./console-pages";
import { openDatabase } from "@/lib/db/database";
import { bytesPerRow, cloneHistory, writeTemplate, type SeedReport } from "@/lib/service/testing/scale-seed";
import { TIME_MOVE_WORKERS } from "@/lib/service/workers";
import { webhookDelivery } from "@/lib/service/outbox/worker";
import { capture, rowsRead } from "@/lib/service/testing/statement-capture";
import { systemClock } from "@/lib/service/clock";
import { defaultRateSource } from "@/lib/service/quotes/fixed-rates";
import { configFromEnv } from "@/lib/service/runtime";
import { DEFAULT_ACCOUNT_NAME } from "@/lib/service/bootstrap";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const N = Number(process.env.BENCH_SCALE_N ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const KEY = "sk_test_bench-scale-000000000000000000000000";
const PORT = 4710;
const BASE = `http://127.0.0.1:${PORT}`;

type Timing = { p50: number; p99: number };
type SizeResult = {
  n: number;
  seed: SeedReport;
  reads: Record<string, Timing>;
  scheduler: { rows: number; ms: number; schedulerMs: number };
  bytes: Record<string, { rows: number; bytes: number; perRow: number }>;
};

const dbUrl = (name: string) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

async function freshDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function api(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { "X-Api-Key": KEY, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function time(path: string): Promise<Timing> {
  for (let i = 0; i < 2; i++) await api("GET", path);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await api("GET", path);
    ms.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99) };
}

function readsFor(ids: string[], copies: number): Record<string, string> {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const some = `${ids[3]}_${Math.floor(copies / 2)}`;
  return {
    "GET request by id": `/v0/settlement-requests/${some}`,
    "search by external_id": `/v0/search?q=order-1003-${Math.floor(copies / 2)}`,
    "requests, page 1": "/v0/settlement-requests",
    "requests, status filter": "/v0/settlement-requests?status=REQUEST_COMPLETED",
    "requests, by external_id": `/v0/settlement-requests?external_id=order-1003-${Math.floor(copies / 3)}`,
    "requests, page 100": "/v0/settlement-requests?page=100",
    "requests, 30 days + totals": `/v0/settlement-requests?include=totals&created_from=${day(30)}`,
    "requests, all + totals": "/v0/settlement-requests?include=totals",
    "payments, page 1": "/v0/payments",
    "payments, status + totals": "/v0/payments?status=COMPLETED&include=totals",
    "summary, 7 days": `/v0/summary?from=${day(7)}`,
    "summary, 30 days": `/v0/summary?from=${day(30)}`,
    "summary, 90 days": `/v0/summary?from=${day(90)}`,
    "events, page 1": "/v0/events",
    "events, by type": "/v0/events?type=settlement_request.updated",
    "events, by resource": `/v0/events?resource_id=${some}`,
    "request log, page 1": "/v0/request-logs",
    "request log, status=4xx": "/v0/request-logs?status=4xx",
    "request log, status=5xx": "/v0/request-logs?status=5xx",
    "request log, method": "/v0/request-logs?method=PATCH",
    "request log, path": "/v0/request-logs?path=/v0/settlement-requests",
    "request log, by resource": `/v0/request-logs?resource_id=${some}`,
  };
}

/**
 * A pass of the background workers over the history: the settlement scheduler's own pass timed
 * (median of 5), the whole pass (every time-move worker and the outbox) timed, and the rows the
 * whole pass's reads touch in the history tables (EXPLAIN ANALYZE of each).
 */
async function schedulerPass(url: string): Promise<{ rows: number; ms: number; schedulerMs: number }> {
  const database = await openDatabase({ kind: "postgres", url, max: 4 });
  const deps = { db: database.db, clock: systemClock, rates: defaultRateSource, config: configFromEnv() };
  const workers = [...TIME_MOVE_WORKERS, webhookDelivery];
  const pass = async () => {
    for (const worker of workers) await worker.tick(deps);
  };
  const median = async (run: () => Promise<void>) => {
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await run();
      ms.push(performance.now() - started);
    }
    return ms.sort((a, b) => a - b)[2];
  };
  await pass(); // warm: prepared plans, caches
  const scheduler = workers.find((w) => w.name === "settlement-scheduler");
  const schedulerMs = scheduler ? await median(() => scheduler.tick(deps)) : Number.NaN;
  const ms = await median(pass);
  const pool = (database.db as unknown as { $client: Parameters<typeof capture>[0] }).$client;
  const rows = await rowsRead(
    pool,
    await capture(pool, pass),
    /^(settlement_requests|payments|disbursements|v1_payments|webhook_deliveries|events)(_p\d{8})?$/,
  );
  await database.close();
  return { rows, ms, schedulerMs };
}

/** A database a previous run seeded to `n` requests (BENCH_REUSE=1): its template's ids, or null. */
async function seededBefore(name: string, n: number): Promise<string[] | null> {
  const client = new pg.Client({ connectionString: dbUrl(name) });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const { rows } = await client.query("SELECT count(*)::int AS n FROM settlement_requests");
    if (rows[0].n !== n) return null;
    const template = await client.query(
      "SELECT r.id FROM settlement_requests r WHERE EXISTS (SELECT 1 FROM settlement_requests c WHERE c.id = r.id || '_1') ORDER BY r.created_at",
    );
    return template.rows.map((r) => r.id as string);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

async function measure(n: number): Promise<SizeResult> {
  const name = `bench_scale_${n}`;
  const url = dbUrl(name);
  const reused = process.env.BENCH_REUSE ? await seededBefore(name, n) : null;
  if (!reused) await freshDatabase(name);
  const service = startProcess("npx", ["tsx", "--conditions=react-server", "lib/service/standalone.ts"], {
    DATABASE_URL: url,
    SERVICE_PORT: String(PORT),
    SERVICE_HOST: "127.0.0.1",
    SETTLEMENT_SANDBOX_API_KEY: KEY,
    RATE_LIMIT_SANDBOX_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
  });
  await waitForUrl(`${BASE}/v0/openapi.json`);
  let ids: string[];
  let seed: SeedReport;
  if (reused) {
    ids = reused;
    const seconds = Number(process.env[`BENCH_SEEDED_SECONDS_${n}`] ?? Number.NaN);
    seed = { templateRequests: ids.length, requests: n, payments: 2 * n, requestLogs: 10 * n, events: 3 * n, seconds };
    process.stderr.write(`reusing ${name}, seeded by an earlier run\n`);
  } else {
    ids = await writeTemplate(api, () => new Promise((r) => setTimeout(r, 2_000)));
    const database = await openDatabase({ kind: "postgres", url, max: 4 });
    const accountId = await accountIdOf(url);
    process.stderr.write(`seeding ${n.toLocaleString()} requests…\n`);
    seed = await cloneHistory(database.db, accountId, new Date(), { requests: n });
    process.stderr.write(`seeded in ${seed.seconds.toFixed(0)} s\n`);
    await database.close();
  }
  const copies = Math.round(n / seed.templateRequests);
  const reads: Record<string, Timing> = {};
  for (const [label, path] of Object.entries(readsFor(ids, copies))) reads[label] = await time(path);
  stopProcess(service);
  const scheduler = await schedulerPass(url);
  const sizes = await bytesOf(url);
  return { n, seed, reads, scheduler, bytes: sizes };
}

async function accountIdOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query("SELECT id FROM accounts WHERE name = $1", [DEFAULT_ACCOUNT_NAME]);
  await client.end();
  return rows[0].id as string;
}

async function bytesOf(url: string) {
  const database = await openDatabase({ kind: "postgres", url, max: 2 });
  const out = await bytesPerRow(database.db, ["settlement_requests", "payments", "request_logs", "events"]);
  await database.close();
  return out;
}

const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));

/** BENCH_PAGES_ONLY: the console-page table alone, on the kept databases of an earlier run. */
async function pagesOnly() {
  const small = Math.round(N / 10);
  await freshDatabase("bench_scale_empty");
  const empty = await consolePages({ key: KEY, runs: RUNS }, dbUrl("bench_scale_empty"));
  const atSmall = await consolePages({ key: KEY, runs: RUNS }, dbUrl(`bench_scale_${small}`));
  const atLarge = await consolePages({ key: KEY, runs: RUNS }, dbUrl(`bench_scale_${N}`));
  await dropDatabase("bench_scale_empty");
  const lines = [
    `| console page (median ms) | empty database | ${small.toLocaleString()} requests | ${N.toLocaleString()} requests | × empty | × ${small.toLocaleString()} |`,
    "|---|---:|---:|---:|---:|---:|",
    ...SCALE_PAGES.map(
      (path) =>
        `| ${path} | ${ms(empty[path])} | ${ms(atSmall[path])} | ${ms(atLarge[path])} | ${(atLarge[path] / empty[path]).toFixed(2)} | ${(atLarge[path] / atSmall[path]).toFixed(2)} |`,
    ),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

async function main() {
  if (process.env.BENCH_PAGES_ONLY) return pagesOnly();
  const small = await measure(Math.round(N / 10));
  const large = await measure(N);
  await freshDatabase("bench_scale_empty");
  const pagesEmpty = await consolePages({ key: KEY, runs: RUNS }, dbUrl("bench_scale_empty"));
  const pagesSmall = await consolePages({ key: KEY, runs: RUNS }, dbUrl(`bench_scale_${small.n}`));
  const pagesLarge = await consolePages({ key: KEY, runs: RUNS }, dbUrl(`bench_scale_${N}`));
  await dropDatabase("bench_scale_empty");
  const lines = [
    `bench:scale: N = ${N.toLocaleString()} (and N/10), PostgreSQL, ${RUNS} runs per read, milliseconds through the standalone service's HTTP`,
    "",
    `| read | p50 at ${small.n.toLocaleString()} | p99 at ${small.n.toLocaleString()} | p50 at ${large.n.toLocaleString()} | p99 at ${large.n.toLocaleString()} | p99 ratio | p99 < 50 ms |`,
    "|---|---:|---:|---:|---:|---:|:---:|",
    ...Object.keys(large.reads).map((label) => {
      const a = small.reads[label];
      const b = large.reads[label];
      const deep = label.includes("page 100");
      return `| ${label} | ${ms(a.p50)} | ${ms(a.p99)} | ${ms(b.p50)} | ${ms(b.p99)} | ${(b.p99 / a.p99).toFixed(2)} | ${deep ? "(deep page)" : b.p99 < 50 ? "yes" : "**no**"} |`;
    }),
    "",
    `| background pass | rows read at ${small.n.toLocaleString()} | ms | rows read at ${large.n.toLocaleString()} | ms |`,
    "|---|---:|---:|---:|---:|",
    `| the settlement scheduler's pass | | ${ms(small.scheduler.schedulerMs)} | | ${ms(large.scheduler.schedulerMs)} |`,
    `| every time-move worker and the outbox | ${small.scheduler.rows} | ${ms(small.scheduler.ms)} | ${large.scheduler.rows} | ${ms(large.scheduler.ms)} |`,
    "",
    `| table at ${large.n.toLocaleString()} | rows | MB | bytes per row (heap, TOAST, indexes) |`,
    "|---|---:|---:|---:|",
    ...Object.entries(large.bytes).map(
      ([table, b]) => `| ${table} | ${b.rows.toLocaleString()} | ${(b.bytes / 1e6).toFixed(0)} | ${b.perRow} |`,
    ),
    "",
    `| console page (whole HTML from Node, signed in, median) | empty database | ${small.n.toLocaleString()} requests | ${large.n.toLocaleString()} requests | × empty | × ${small.n.toLocaleString()} |`,
    "|---|---:|---:|---:|---:|---:|",
    ...SCALE_PAGES.map((path) => {
      const overEmpty = pagesLarge[path] / pagesEmpty[path];
      const overSmall = pagesLarge[path] / pagesSmall[path];
      return `| ${path} | ${ms(pagesEmpty[path])} | ${ms(pagesSmall[path])} | ${ms(pagesLarge[path])} | ${overEmpty.toFixed(2)}${overEmpty <= 1.5 ? "" : " (over 1.5)"} | ${overSmall.toFixed(2)} |`;
    }),
    "",
    `Seeding: ${small.seed.seconds.toFixed(0)} s at ${small.n.toLocaleString()}, ${large.seed.seconds.toFixed(0)} s at ${large.n.toLocaleString()}.`,
  ];
  const report = lines.join("\n");
  process.stdout.write(`${report}\n`);
  writeFileSync(`bench/scale/last-run-${N}.md`, `${report}\n`);
  for (const size of [small.n, large.n]) if (!process.env.BENCH_KEEP) await dropDatabase(`bench_scale_${size}`);
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
