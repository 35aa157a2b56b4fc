/**
 * bench/batches (issue 32): a 1,000-row disbursement batch, from the click on Submit (the
 * server action) to every row sent, with the console's resident memory while it sends, beside
 * the same 1,000 disbursements made one by one through the API (POST /v0/disbursements over
 * HTTP, each waiting for the last) in the same run, on the same console and PostgreSQL.
 *
 *   npm run build && npm run bench:batches   (BENCH_ROWS, TEST_DATABASE_URL)
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { base58 } from "@scure/base";
import pg from "pg";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, sandboxKey, signedIn, startConsole } from "../lib/console";
import { groupRssMb, stopAll, waitForUrl } from "../lib/processes";

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 3560);
const BASE = `http://127.0.0.1:${PORT}`;
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ADMIN = { email: "bench@console.local", password: "bench-batches-password-01" };

const row = (i: number) => ({
  wallet_address: base58.encode(randomBytes(32)),
  amount: `${(i % 50) + 1}.00`,
  currency: "USDC",
  chain: "SOLANA",
});

function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, e]) => e.exportedName === name);
  if (!found) throw new Error(`No server action ${name} (build first)`);
  return found[0];
}

/** Samples the console's RSS every 100 ms while `work` runs: its peak, MB. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = groupRssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, groupRssMb(pid));
  }, 100);
  try {
    return { result: await work(), peakMb: Math.max(peak, groupRssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const database = `bench_batches_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const server = startConsole(PORT, ADMIN, {
    DATABASE_URL: url.toString(),
    HOST: "127.0.0.1",
    AUTH_URL: BASE,
    RATE_LIMIT_SANDBOX_PER_MINUTE: "10000000",
    LOG_LEVEL: "warn",
  });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await waitForUrl(`${BASE}/api/ready`);
    const pid = server.pid ?? 0;
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    const context = await signedIn(browser, BASE, ADMIN);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await browser.close();
    await client.connect();
    const idleMb = groupRssMb(pid);

    // One by one through the API: each POST waits for the answer to the last.
    const oneByOne = await peakRss(pid, async () => {
      const started = performance.now();
      for (let i = 0; i < ROWS; i++) {
        const res = await fetch(`${BASE}/v0/disbursements`, {
          method: "POST",
          headers: {
            "X-Api-Key": sandboxKey(),
            "Content-Type": "application/json",
            "Idempotency-Key": `bench-one-${i}-${Date.now()}`,
          },
          body: JSON.stringify(row(i)),
        });
        if (res.status !== 201) throw new Error(`one by one, row ${i}: ${res.status} ${await res.text()}`);
      }
      return performance.now() - started;
    });

    // The batch: upload (not timed), then Submit → every row sent.
    const file = `wallet_address,amount,currency,chain\n${Array.from({ length: ROWS }, (_, i) => Object.values(row(i)).join(",")).join("\n")}\n`;
    const upload = await fetch(`${BASE}/batches/upload?kind=disbursement&name=bench.csv`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        "Sec-Fetch-Site": "same-origin",
        Origin: BASE,
        "X-Console-Environment": "sandbox",
        "Content-Type": "text/csv",
      },
      body: file,
    });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const { id } = (await upload.json()) as { id: string };
    const batch = await peakRss(pid, async () => {
      const started = performance.now();
      const res = await fetch(`${BASE}/`, {
        method: "POST",
        headers: {
          "Next-Action": actionId("submitBatch"),
          "Content-Type": "text/plain;charset=UTF-8",
          Accept: "text/x-component",
          Origin: BASE,
          Cookie: cookie,
        },
        body: JSON.stringify([{ batchId: id }, { environment: "sandbox" }]),
      });
      if (!res.ok) throw new Error(`submit: ${res.status}`);
      for (;;) {
        const { rows } = await client.query(
          "select status, (select count(*) from console_batch_rows where batch_id = $1 and send_state = 'sent') as sent from console_batches where id = $1",
          [id],
        );
        if (rows[0].status === "done") {
          if (Number(rows[0].sent) !== ROWS) throw new Error(`only ${rows[0].sent} of ${ROWS} rows sent`);
          return performance.now() - started;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    });

    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const lines = [
      `bench:batches, ${ROWS} disbursements (sandbox, one console on PostgreSQL, ${new Date().toISOString().slice(0, 16)}Z)`,
      "",
      "| | time | per row | console RSS, peak |",
      "|---|---:|---:|---:|",
      `| one by one through the API (baseline) | ${s(oneByOne.result)} | ${(oneByOne.result / ROWS).toFixed(2)} ms | ${oneByOne.peakMb.toFixed(0)} MB |`,
      `| batch: Submit → every row sent | ${s(batch.result)} | ${(batch.result / ROWS).toFixed(2)} ms | ${batch.peakMb.toFixed(0)} MB |`,
      "",
      `Batch ÷ one by one: ${(batch.result / oneByOne.result).toFixed(2)} × the time. Console RSS idle before both: ${idleMb.toFixed(0)} MB.`,
    ];
    console.log(lines.join("\n"));
  } finally {
    await client.end().catch(() => undefined);
    stopAll();
    const drop = new pg.Client({ connectionString: PG_URL });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await drop.end();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    stopAll();
    process.exit(1);
  },
);
