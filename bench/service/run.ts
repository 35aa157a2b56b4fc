/**
 * bench/service: requests per second and p99 of GET by id and POST create, for the standalone
 * service on PostgreSQL and on PGlite, the Next-mounted service, and as baselines a bare node:http
 * server answering constant JSON, Next's own trivial route handler, and Prism mocking our OpenAPI
 * document. Every figure is measured in this one run and reported beside its baseline as a ratio.
 *
 * The standalone service on PostgreSQL is also measured with the request log off (REQUEST_LOG=off),
 * to report what the log costs: GET by id with the log on, as a share of the same with it off.
 *
 *   npm run bench:service            (needs wrk and a built app: npm run build)
 *   BENCH_ONLY=request-log npm run bench:service   (just bare, and the log on vs off)
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { wrk, type LoadResult } from "../lib/wrk";
import { startProcess, stopProcess, waitForUrl } from "../lib/processes";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const KEY = "sk_test_bench-key-0000000000000000000000000";
const CREATE_BODY = JSON.stringify({
  type: "STABLECOIN_TO_STABLECOIN",
  payment_reason: "INTERCOMPANY_TRANSFER",
  amount: "100.00",
  destination: { currency: "USDC", rail: "SOLANA", wallet_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
  source: { currency: "USDC", rail: "ETHEREUM", wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
});
const serviceEnv = {
  SETTLEMENT_SANDBOX_API_KEY: KEY,
  // `next start` refuses to start without the shared secrets (decisions D13).
  DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  // and without a known client address unless told (issue 42): a benchmark measures the API, not sign-in.
  ALLOW_UNKNOWN_CLIENT_ADDRESS: "true",
  RATE_LIMIT_SANDBOX_PER_MINUTE: "100000000",
  RATE_LIMIT_PRODUCTION_PER_MINUTE: "100000000",
};

type Row = { target: string; get?: LoadResult; post?: LoadResult };
const rows: Row[] = [];

/**
 * fetch, once more if a kept-alive socket was closed under it (the servers close idle
 * connections after 5 s, and a bench run leaves them idle for longer between checks).
 */
async function fetchOnce(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function createOne(base: string): Promise<string> {
  const res = await fetchOnce(`${base}/v0/settlement-requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Api-Key": KEY },
    body: CREATE_BODY,
  });
  const body = (await res.json()) as { id?: string };
  if (!body.id) throw new Error(`create failed at ${base}: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

/** Fails the run unless the target answers as measured: a redirect or an error must not pose as a figure. */
async function expectStatus(url: string, status: number, init: RequestInit = {}): Promise<void> {
  const res = await fetchOnce(url, { ...init, redirect: "manual" });
  if (res.status !== status)
    throw new Error(`${init.method ?? "GET"} ${url} answered ${res.status}, expected ${status}`);
  await res.arrayBuffer();
}

/**
 * For every target alike: a 5-second warm-up (the service's code paths take seconds of load to
 * be compiled by the JIT), then three runs, reporting the run with the median rate (the machine
 * is shared and noisy: one run can be off by a third either way).
 */
function warmWrk(url: string, options: Parameters<typeof wrk>[1]): LoadResult {
  wrk(url, { ...options, seconds: 5 });
  const runs = [wrk(url, options), wrk(url, options), wrk(url, options)].sort((a, b) => a.rps - b.rps);
  return runs[1];
}

async function measureService(target: string, base: string, options: { post?: boolean } = {}): Promise<void> {
  const id = await createOne(base);
  const headers = { "X-Api-Key": KEY };
  await expectStatus(`${base}/v0/settlement-requests/${id}`, 200, { headers });
  // Each figure after a warm-up of its own (JIT, connection pools, prepared statements).
  const get = warmWrk(`${base}/v0/settlement-requests/${id}`, { seconds: SECONDS, headers });
  const post =
    options.post === false
      ? undefined
      : warmWrk(`${base}/v0/settlement-requests`, { seconds: SECONDS, headers, body: CREATE_BODY });
  rows.push({ target, get, post });
  console.log(
    `${target}: GET ${get.rps.toFixed(0)}/s p99 ${get.p99Ms} ms${post ? `; POST ${post.rps.toFixed(0)}/s p99 ${post.p99Ms} ms` : ""}`,
  );
}

async function main() {
  // Baseline 1: bare node:http, constant JSON, in its own process (wrk runs synchronously here).
  const bare = startProcess("node", [
    "-e",
    `require("node:http").createServer((q, s) => { s.writeHead(200, { "Content-Type": "application/json" }); s.end('{"ok":true}'); }).listen(4701, "127.0.0.1")`,
  ]);
  await waitForUrl("http://127.0.0.1:4701/");
  await expectStatus("http://127.0.0.1:4701/", 200);
  const bareResult = warmWrk("http://127.0.0.1:4701/", { seconds: SECONDS });
  stopProcess(bare);
  rows.push({ target: "bare node:http (constant JSON)", get: bareResult });
  console.log(`bare: ${bareResult.rps.toFixed(0)}/s`);

  // Standalone on PostgreSQL: one process with the request log off and on, then
  // SERVICE_WORKERS=2 (two instances sharing the port).
  const only = process.env.BENCH_ONLY;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  let doc = "";
  const variants = [
    { workers: 1, log: "on" },
    { workers: 1, log: "off" },
    { workers: 1, log: "on", again: true },
    { workers: 1, log: "off", again: true },
    ...(only === "request-log" ? [] : [{ workers: 2, log: "on" }]),
  ];
  for (const { workers, log, again } of variants) {
    const schema = `bench_${Date.now()}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    const dbUrl = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const p = startProcess("npx", ["tsx", "--conditions=react-server", "lib/service/standalone.ts"], {
      ...serviceEnv,
      DATABASE_URL: dbUrl,
      SERVICE_PORT: "4702",
      SERVICE_HOST: "127.0.0.1",
      SERVICE_WORKERS: String(workers),
      REQUEST_LOG: log,
    });
    await waitForUrl("http://127.0.0.1:4702/v0/openapi.json");
    // Prism mocks the same document.
    doc = await (await fetchOnce("http://127.0.0.1:4702/v0/openapi.json")).text();
    if (workers > 1) await new Promise((r) => setTimeout(r, 5_000)); // the other processes start after the first listens
    const logNote = (log === "off" ? ", request log off" : "") + (again ? " (again)" : "");
    // On, off, on, off: this machine's speed drifts between processes, so the log's cost is the
    // ratio of the sums of the alternating runs. Only the first run measures creates too: they
    // would leave the database busier for whatever runs next.
    await measureService(
      `standalone service, PostgreSQL, ${workers === 1 ? "1 process" : `${workers} processes`}${logNote}`,
      "http://127.0.0.1:4702",
      {
        post: log === "on" && !again,
      },
    );
    stopProcess(p);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  }
  await admin.end();
  if (only === "request-log") {
    reportRequestLog();
    return;
  }

  // Standalone on PGlite.
  const dir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
  let p = startProcess("npx", ["tsx", "--conditions=react-server", "lib/service/standalone.ts"], {
    ...serviceEnv,
    DATA_DIR: dir,
    SERVICE_PORT: "4703",
    SERVICE_HOST: "127.0.0.1",
  });
  await waitForUrl("http://127.0.0.1:4703/v0/openapi.json");
  await measureService("standalone service, PGlite", "http://127.0.0.1:4703");
  stopProcess(p);

  // Next-mounted service and Next's own trivial route handler, one next start each database.
  const nextDir = mkdtempSync(join(tmpdir(), "bench-next-"));
  p = startProcess("npx", ["next", "start", "-p", "4704"], { ...serviceEnv, DATA_DIR: nextDir, PORT: "4704" });
  await waitForUrl("http://localhost:4704/v0/openapi.json");
  await expectStatus("http://127.0.0.1:4704/api/health", 200);
  const trivial = warmWrk("http://127.0.0.1:4704/api/health", { seconds: SECONDS });
  rows.push({ target: "Next trivial route handler (/api/health)", get: trivial });
  await measureService("Next-mounted service, PGlite", "http://127.0.0.1:4704");
  stopProcess(p);

  const nextSchema = `bench_next_${Date.now()}`;
  const admin2 = new pg.Client({ connectionString: PG_URL });
  await admin2.connect();
  await admin2.query(`CREATE SCHEMA ${nextSchema}`);
  p = startProcess("npx", ["next", "start", "-p", "4706"], {
    ...serviceEnv,
    DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${nextSchema}`)}`,
    PORT: "4706",
  });
  await waitForUrl("http://localhost:4706/v0/openapi.json");
  await measureService("Next-mounted service, PostgreSQL", "http://127.0.0.1:4706");
  stopProcess(p);
  await admin2.query(`DROP SCHEMA ${nextSchema} CASCADE`);
  await admin2.end();

  // Prism, a stateless mock of our own OpenAPI document.
  const docFile = join(mkdtempSync(join(tmpdir(), "bench-prism-")), "openapi.json");
  writeFileSync(docFile, doc);
  p = startProcess("npx", ["-y", "@stoplight/prism-cli@5", "mock", docFile, "-p", "4705", "-h", "127.0.0.1"]);
  await waitForUrl("http://127.0.0.1:4705/v0/settlement-requests/00000000-0000-4000-8000-000000000000", 300_000);
  const prismGet = warmWrk("http://127.0.0.1:4705/v0/settlement-requests/00000000-0000-4000-8000-000000000000", {
    seconds: SECONDS,
    headers: { "X-Api-Key": KEY },
  });
  const prismPost = warmWrk("http://127.0.0.1:4705/v0/settlement-requests", {
    seconds: SECONDS,
    headers: { "X-Api-Key": KEY },
    body: CREATE_BODY,
  });
  rows.push({ target: "Prism mock of our OpenAPI", get: prismGet, post: prismPost });
  stopProcess(p);

  report(bareResult, trivial, prismGet);
  reportRequestLog();
}

/** What the request log costs: GET by id with it on, as a share of the same with it off (goal ≥ 90%). */
function reportRequestLog() {
  const sum = (logOn: boolean) =>
    rows
      .filter(
        (r) =>
          r.target.startsWith("standalone service, PostgreSQL, 1 process") &&
          r.target.includes("request log off") !== logOn,
      )
      .reduce((n, r) => n + (r.get?.rps ?? 0), 0);
  const on = sum(true);
  const off = sum(false);
  if (!off || !on) return;
  console.log(
    `\nrequest log: GET by id, two runs each, ${on.toFixed(0)}/s with it on, ${off.toFixed(0)}/s off: ${((on / off) * 100).toFixed(0)}% (goal ≥ 90%)`,
  );
}

function report(bare: LoadResult, trivial: LoadResult, prism: LoadResult) {
  const f = (r?: LoadResult) => (r ? `${r.rps.toFixed(0)} | ${r.p99Ms.toFixed(1)}` : "– | –");
  const ratio = (a: number | undefined, b: number) => (a ? `${((a / b) * 100).toFixed(0)}%` : "–");
  console.log(
    `\n| Target | GET by id req/s | GET p99 ms | POST create req/s | POST p99 ms | GET vs bare | GET vs Prism | GET vs Next trivial |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|`);
  for (const r of rows) {
    console.log(
      `| ${r.target} | ${f(r.get)} | ${f(r.post)} | ${ratio(r.get?.rps, bare.rps)} | ${ratio(r.get?.rps, prism.rps)} | ${ratio(r.get?.rps, trivial.rps)} |`,
    );
  }
  const errs = rows.filter((r) => (r.get?.non2xx ?? 0) + (r.post?.non2xx ?? 0) > 0 && !r.target.startsWith("Prism"));
  for (const r of errs)
    console.log(`note: ${r.target} had non-2xx responses (GET ${r.get?.non2xx ?? 0}, POST ${r.post?.non2xx ?? 0})`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
