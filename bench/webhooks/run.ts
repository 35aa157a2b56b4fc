/**
 * Webhook delivery bench (not part of the test suite), on the machine's PostgreSQL:
 *   npx tsx --conditions=react-server bench/webhooks/run.ts [events=2000]
 * Measures, in one run, for N events to a local receiver (node:http on 127.0.0.1, in a child
 * process as a merchant's would be):
 *   - baseline: a raw HTTP POST loop to the same receiver (one at a time, and 16 at a time);
 *   - drain: N committed events, then the delivery worker starts: deliveries per second;
 *   - stream: N events committed one transaction each while the worker runs: commit → receipt
 *     p50 / p99, paced (one producer, 100 commits/s) and loaded (8 producers committing flat out;
 *     there deliveries/s is bounded by the commit rate, shown beside it).
 */
import { fork } from "node:child_process";
import http from "node:http";
import { systemClock } from "@/lib/service/clock";
import type { ServiceDeps } from "@/lib/service/context";
import { emitEvent } from "@/lib/service/outbox/emit";
import { wallMs } from "@/lib/service/outbox/testing/receiver";
import { seedPendingEvents } from "@/lib/service/outbox/testing/standalone";
import { defaultRateSource } from "@/lib/service/quotes/fixed-rates";
import { ensureAccount } from "@/lib/service/store/api-keys";
import { migrate } from "@/lib/db/migrate";
import { webhookEndpoints } from "@/lib/service/store/schema";
import { freshPostgres, testConfig } from "@/lib/service/testing/harness";
import { startWorkers } from "@/lib/service/workers";
import { signatureHeader, generateWebhookSecret } from "@/lib/webhooks/signature";
import "@/lib/service/outbox/worker";
import { benchReplay } from "./replay";

const N = Number(process.argv[2] ?? 2000);
/** The replay phase (issue 63): this many finished deliveries replayed through this rate. */
const REPLAY_EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 10_000);
const REPLAY_RATE = Number(process.env.BENCH_REPLAY_RATE ?? 200);
/** BENCH_ONLY=replay runs the replay phase alone. */
const ONLY_REPLAY = process.env.BENCH_ONLY === "replay";

/** The receiver runs in a child process; receipts come back over IPC. */
interface RemoteReceiver {
  url: string;
  /** Event id → receipt time (wall-clock ms), for the current phase. */
  receipts: Map<string, number>;
  count: number;
  reset(): void;
  close(): void;
}

async function startRemoteReceiver(): Promise<RemoteReceiver> {
  const child = fork(new URL("./receiver.ts", import.meta.url).pathname, [], {
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const r: RemoteReceiver = {
    url: "",
    receipts: new Map(),
    count: 0,
    reset: () => {
      r.receipts = new Map();
      r.count = 0;
    },
    close: () => child.kill(),
  };
  await new Promise<void>((resolve) => {
    child.on("message", (m: { url?: string; receipts?: Array<[string, number]> }) => {
      if (m.url) {
        r.url = m.url;
        resolve();
      }
      for (const [id, at] of m.receipts ?? []) {
        r.count++;
        if (!r.receipts.has(id)) r.receipts.set(id, at);
      }
    });
  });
  return r;
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("bench timed out");
    await sleep(2);
  }
}

/** The baseline: POST signed bodies of the same shape, `parallel` at a time. */
async function rawLoop(receiver: RemoteReceiver, parallel: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  const secret = generateWebhookSecret();
  const post = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({
        id: `evt_raw_${i}`,
        type: "payment.created",
        created_at: new Date().toISOString(),
        data: { n: i },
      });
      const req = http.request(receiver.url, {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          "X-Service-Signature": signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
        },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve());
      });
      req.on("error", reject);
      req.end(body);
    });
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < N) await post(next++);
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return N / seconds;
}

async function main() {
  const database = await freshPostgres(undefined, 20);
  await migrate(database.db);
  const deps: ServiceDeps = {
    db: database.db,
    clock: systemClock,
    rates: defaultRateSource,
    config: {
      ...testConfig,
      webhooks: {
        concurrency: Number(process.env.BENCH_CONCURRENCY ?? 128),
        perEndpoint: Number(process.env.BENCH_PER_ENDPOINT ?? 32),
      },
    },
  };
  const receiver = await startRemoteReceiver();
  try {
    if (!ONLY_REPLAY) await deliveryPhases(deps, receiver);
    const replay = await benchReplay(deps, receiver, receiver.url, REPLAY_EVENTS, REPLAY_RATE);
    const ideal = replay.events / replay.perSecond;
    console.log(
      `\nReplay by range (issue 63): ${replay.events} finished deliveries through a rate of ${replay.perSecond}/s (goal: within 10 % of ${ideal.toFixed(0)} s, nothing sent twice)\n`,
    );
    console.log("| run | seconds | × ideal | sent twice |");
    console.log("|---|---:|---:|---:|");
    console.log(
      `| replay, no rate (the floor) | ${replay.unthrottledSeconds.toFixed(1)} | ${(replay.unthrottledSeconds / ideal).toFixed(2)} | - |`,
    );
    console.log(
      `| replay at ${replay.perSecond}/s | ${replay.seconds.toFixed(1)} | ${(replay.seconds / ideal).toFixed(3)} | ${replay.sentTwice} |`,
    );
  } finally {
    receiver.close();
    await database.close();
  }
}

async function deliveryPhases(deps: ServiceDeps, receiver: RemoteReceiver) {
  const database = { db: deps.db as Parameters<typeof seedPendingEvents>[0] };
  {
    // Baselines.
    await rawLoop(receiver, 1); // warm-up
    const rawSerial = await rawLoop(receiver, 1);
    const rawParallel = await rawLoop(receiver, 16);
    await until(() => receiver.count >= 3 * N);
    receiver.reset();

    // Drain: N committed events, then the worker.
    await seedPendingEvents(database.db, receiver.url, N);
    const drainStart = performance.now();
    let stop = startWorkers(deps, 500);
    await until(() => receiver.receipts.size >= N);
    const drainRate = N / ((performance.now() - drainStart) / 1000);
    await stop();

    // Stream: the worker runs; each event its own transaction; latency commit → receipt.
    const account = await ensureAccount(database.db, "bench-stream");
    const now = new Date();
    await database.db.insert(webhookEndpoints).values({
      id: "wh_bench_stream",
      accountId: account.id,
      environment: "sandbox",
      url: `${receiver.url}?stream`,
      events: ["payment.created"],
      secret: generateWebhookSecret(),
      status: "ACTIVE",
      createdAt: now,
      updatedAt: now,
    });
    /** `producers` connections commit N events between them, one transaction each, `ratePerSecond` in all (null: flat out). */
    const stream = async (producers: number, ratePerSecond: number | null) => {
      receiver.reset();
      await sleep(1_500); // let the worker cool down to its idle wait: the first event must wake it
      const committed = new Map<string, number>();
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: producers }, async () => {
          while (next < N) {
            const i = next++;
            if (ratePerSecond) {
              const wait = started + (i * 1000) / ratePerSecond - performance.now();
              if (wait > 0) await sleep(wait);
            }
            const id = await database.db.transaction((tx) =>
              emitEvent(tx, {
                accountId: account.id,
                environment: "sandbox",
                type: "payment.created",
                data: { n: i },
                at: new Date(),
              }),
            );
            committed.set(id, wallMs());
          }
        }),
      );
      const commitRate = N / ((performance.now() - started) / 1000);
      await until(() => receiver.receipts.size >= N);
      const seconds = (performance.now() - started) / 1000;
      const latencies = [...receiver.receipts].map(([id, at]) => at - (committed.get(id) ?? NaN));
      return { p50: pct(latencies, 50), p99: pct(latencies, 99), rate: N / seconds, commitRate };
    };
    stop = startWorkers(deps, 500);
    const paced = await stream(1, 100);
    const loaded = await stream(8, null);
    await stop();
    const f = (x: number, d = 0) => x.toFixed(d);
    const rows: Array<[string, string, string, string]> = [
      ["raw POST loop, 1 at a time (baseline)", f(rawSerial), "1.00", "-"],
      ["raw POST loop, 16 at a time", f(rawParallel), f(rawParallel / rawSerial, 2), "-"],
      [`outbox drain, ${N} committed events`, f(drainRate), f(drainRate / rawSerial, 2), "-"],
      [
        `stream: 1 producer, 100 commits/s`,
        f(paced.rate),
        "(paced)",
        `p50 ${f(paced.p50, 1)} / p99 ${f(paced.p99, 1)}`,
      ],
      [
        `stream: 8 producers flat out (${f(loaded.commitRate)} commits/s)`,
        f(loaded.rate),
        "(commit-bound)",
        `p50 ${f(loaded.p50, 1)} / p99 ${f(loaded.p99, 1)}`,
      ],
    ];
    const head: [string, string, string, string] = ["run", "deliveries/s", "× raw loop", "commit→receipt ms"];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]) =>
      `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
    console.log(
      `\nWebhook delivery, ${N} events, PostgreSQL, local receiver (goals: p50 < 50 ms, drain ≥ 0.25 × raw loop)\n`,
    );
    console.log(line(head));
    console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
    for (const r of rows) console.log(line(r));
  }
}

await main();
process.exit(0);
