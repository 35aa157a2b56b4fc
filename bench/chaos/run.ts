/**
 * `npm run bench:chaos` (issue 49; not part of `npm test`): the standalone service on a fresh
 * PostgreSQL database takes 200 keyed creates at 25 a second while the database goes away 4 s
 * in, and a local receiver counts the webhooks. Every create is retried with its own key until it
 * is answered 201 (as a careful client does). At the end: every answer counted by status, the
 * service still running, one row per key, and every `settlement_request.created` delivered.
 *
 *   npm run bench:chaos                 # the database cut for 5 s by a proxy in front of it
 *   npm run bench:chaos -- --pg-restart # a real `pg_ctlcluster <version> main restart` (never in CI:
 *                                       # every other user of this PostgreSQL loses its sessions too)
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { Client } from "pg";
import { startCuttingProxy } from "@/lib/db/testing/cutting-proxy";
import { startReceiver } from "@/lib/service/outbox/testing/receiver";
import { startStandalone } from "@/lib/service/outbox/testing/standalone";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const KEY = "sk_test_chaos-key-00000000000000000000000000";
const CREATES = 200;
const PER_SECOND = 25;
const OUTAGE_AT_MS = 4_000;
const realRestart = process.argv.includes("--pg-restart");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin<T>(run: (c: Client) => Promise<T>, url = PG_URL): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

async function main() {
  const database = `chaos_${Date.now().toString(36)}`;
  await admin((c) => c.query(`CREATE DATABASE ${database}`));
  const direct = new URL(PG_URL);
  direct.pathname = `/${database}`;
  const proxy = realRestart
    ? null
    : await startCuttingProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const serviceUrl = proxy ? proxy.through(direct.toString()) : direct.toString();
  const receiver = await startReceiver();

  const port = 4790;
  const service = startStandalone("public", {
    DATABASE_URL: serviceUrl,
    SERVICE_PORT: String(port),
    SETTLEMENT_SANDBOX_API_KEY: KEY,
    RATE_LIMIT_SANDBOX_PER_MINUTE: "100000",
    LOG_LEVEL: "info",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/v0/openapi.json`).catch(() => null))?.ok) break;
    if (i > 240) throw new Error(`the service did not start:\n${service.output.join("")}`);
    await sleep(250);
  }
  const hook = await fetch(`${base}/v0/webhooks`, {
    method: "POST",
    headers: { "X-Api-Key": KEY, "Content-Type": "application/json" },
    body: JSON.stringify({ url: `${receiver.url}/hook`, events: ["settlement_request.created"] }),
  });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);

  const answers = new Map<string, number>();
  const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
  const ids = new Set<string>();
  let slowest503 = 0;
  const createOne = async (i: number) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const started = Date.now();
      const res = await fetch(`${base}/v0/settlement-requests`, {
        method: "POST",
        headers: { "X-Api-Key": KEY, "Content-Type": "application/json", "Idempotency-Key": `chaos-${i}` },
        body: JSON.stringify({
          type: "STABLECOIN_TO_STABLECOIN",
          payment_reason: "GIFTS",
          amount: "10",
          destination: {
            currency: "USDC",
            rail: "SOLANA",
            wallet_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
          },
          external_id: `chaos-${i}`,
        }),
        signal: AbortSignal.timeout(15_000),
      }).catch((error: Error) => ({ status: 0, error }) as const);
      if ("error" in res) {
        count(`no answer (${res.error.name})`);
      } else {
        count(`${res.status}${res.status === 503 && res.headers.get("retry-after") ? " with Retry-After" : ""}`);
        if (res.status === 503) slowest503 = Math.max(slowest503, Date.now() - started);
        if (res.status === 201) {
          ids.add(((await res.json()) as { id: string }).id);
          return;
        }
        await res.arrayBuffer();
      }
      await sleep(250);
    }
    count("gave up");
  };

  const started = Date.now();
  let outage: Promise<void> = Promise.resolve();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < CREATES; i++) {
    const due = started + (i * 1000) / PER_SECOND;
    await sleep(Math.max(0, due - Date.now()));
    if (i === Math.round((OUTAGE_AT_MS / 1000) * PER_SECOND)) {
      outage = (async () => {
        if (proxy) {
          proxy.cut();
          await sleep(5_000);
          proxy.restore();
        } else {
          const version = readdirSync("/etc/postgresql")[0];
          const t0 = Date.now();
          // Not spawnSync: the creates go on while PostgreSQL restarts.
          const child = spawn(
            "pg_ctlcluster",
            ["--skip-systemctl-redirect", version, "main", "restart", "-m", "fast"],
            {
              stdio: "inherit",
            },
          );
          const status = await new Promise<number | null>((resolve) => child.on("exit", resolve));
          console.log(`pg_ctlcluster ${version} main restart: exit ${status} in ${Date.now() - t0} ms`);
        }
      })();
    }
    sends.push(createOne(i));
  }
  await outage;
  await Promise.all(sends);
  const serviceAlive = service.child.exitCode === null && service.child.signalCode === null;

  const rows = await admin(
    (c) =>
      c.query<{ n: number; keys: number }>(
        "select count(*)::int as n, count(distinct external_id)::int as keys from settlement_requests where external_id like 'chaos-%'",
      ),
    direct.toString(),
  );
  const delivered = () =>
    new Set(
      receiver.received
        .map((r) => JSON.parse(r.body) as { type: string; data: { id: string } })
        .filter((e) => e.type === "settlement_request.created")
        .map((e) => e.data.id),
    );
  for (let i = 0; i < 120 && [...ids].some((id) => !delivered().has(id)); i++) await sleep(500);
  const missing = [...ids].filter((id) => !delivered().has(id)).length;
  const recoveryLog = service.output.join("").match(/database (unreachable|reachable again)[^\n]*/g) ?? [];

  console.log(
    `\nbench:chaos (${realRestart ? "pg_ctlcluster restart" : "proxy cut for 5 s"}) at ${new Date().toISOString()}`,
  );
  console.log(`creates: ${CREATES} at ${PER_SECOND}/s, the outage at ${OUTAGE_AT_MS / 1000} s`);
  console.log("answers:");
  for (const [what, n] of [...answers].sort()) console.log(`  ${what}: ${n}`);
  console.log(`slowest 503: ${slowest503} ms`);
  console.log(`service process alive: ${serviceAlive}`);
  console.log(`rows: ${rows.rows[0]?.n} for ${rows.rows[0]?.keys} keys (expected ${CREATES} and ${CREATES})`);
  console.log(
    `acknowledged ids: ${ids.size}; delivered settlement_request.created: ${delivered().size}; missing: ${missing}`,
  );
  console.log(`service log: ${recoveryLog.length ? recoveryLog.join(" | ") : "(no database lines)"}`);

  service.child.kill("SIGTERM");
  await Promise.race([service.exited, sleep(10_000)]);
  if (service.child.exitCode === null) service.child.kill("SIGKILL");
  await receiver.close();
  await proxy?.close();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  const ok = serviceAlive && rows.rows[0]?.n === CREATES && rows.rows[0]?.keys === CREATES && missing === 0;
  process.exit(ok ? 0 : 1);
}

void main();
