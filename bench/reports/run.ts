/**
 * bench/reports (issue 57), not part of `npm test`: a month's report from the API's data to the
 * finished file. A month of BENCH_REPORT_MONTH_ROWS settlement requests (default 100,000, with
 * their payments) on the service's PostgreSQL, the service on node:http, the console's client
 * pointed at it over the network as a remote console is; then the report runs a person queues
 * (settlement requests and payments, CSV and XLSX) made by the report worker's own code: the
 * streamed export (one call, GET /v0/exports/{kind}), each row checked, the writer, the pieces
 * written to PostgreSQL and hashed. Beside them, in the same run: the floor (the same rows read
 * from the service's table by keyset and dropped: no process can hand them over faster), the
 * export read and dropped (what the transport costs), and the same month read the old way,
 * through the list's pages by a moving window (what a report cost before, without waiting for
 * any rate limit; under the sandbox's 100 calls a minute it also waits ten minutes per 100,000).
 * Then reconciliation of the same month from the API's data: the sync (the exports of the month
 * and the months around it) and the matching run. Goals: each report of 100,000 rows in under
 * 60 s, and the sync with the matching run in under 60 s.
 *
 *   npm run bench:reports   (BENCH_REPORT_MONTH_ROWS, TEST_DATABASE_URL; BENCH_REPORTS_ONLY=reconciliation)
 */
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/database";
import { requestLogWriter } from "@/lib/service/request-log/writer";
import { createTestService } from "@/lib/service/testing/harness";
import { cloneHistory, writeTemplate } from "@/lib/service/testing/scale-seed";

const ROWS = Number(process.env.BENCH_REPORT_MONTH_ROWS ?? 100_000);
const PORT = 4719;
const MONTH = "2026-10";

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const s = await createTestService({ driver: "postgres", start: "2026-10-31T12:00:00Z" });
  const server = serve({ fetch: s.app.fetch, port: PORT, hostname: "127.0.0.1" });
  // The console's client reads the service over the network, with its sandbox key (set before env() is first read).
  process.env.SETTLEMENT_SANDBOX_BASE_URL = `http://127.0.0.1:${PORT}`;
  process.env.SETTLEMENT_SANDBOX_API_KEY = s.keys.sandbox;
  process.env.MERCHANT_TIME_ZONE = "UTC";
  try {
    await writeTemplate(
      async (method, path, body) => {
        const res = await s.request(method, path, { body });
        return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
      },
      () => requestLogWriter(s.deps.db).flush(),
    );
    // A month that settled: the template's waiting payments completed five minutes after they
    // were made (written in SQL, as the clone is), so the sync has movements and the payouts match.
    await s.deps.db.execute(
      sql`update payments set status = 'COMPLETED', completed_at = created_at + interval '5 minutes', updated_at = created_at + interval '5 minutes'
           where status = 'AWAITING_FUNDS'`,
    );
    const statuses = await queryRows<{ status: string; n: number }>(
      s.deps.db,
      sql`select status, count(*)::int as n from payments group by 1 order by 1`,
    );
    console.log(`the template's payments: ${statuses.map((r) => `${r.n} ${r.status}`).join(", ")}`);
    const seeded = await timed(() =>
      cloneHistory(s.deps.db, s.account.id, s.clock.now(), {
        requests: ROWS,
        days: 30,
        logsPerRequest: 0,
        eventsPerRequest: 0,
      }),
    );
    const [{ exportRows }, { makeReport }, { claimRun, queueRun }, { REPORT_DEFINITIONS }, { newestFirst }] =
      await Promise.all([
        import("@/lib/settlement-api/exports"),
        import("@/lib/reports/run-report"),
        import("@/lib/reports/store"),
        import("@/lib/reports/definitions"),
        import("@/lib/settlement-api/newest-first"),
      ]);
    const { listSettlementRequests } = await import("@/lib/settlement-api");
    const from = "2026-10-01T00:00:00.000Z";
    const to = "2026-11-01T00:00:00.000Z";
    const counts = await queryRows<{ requests: number; payments: number }>(
      s.deps.db,
      sql`select (select count(*)::int from settlement_requests where environment = 'sandbox' and created_at >= ${from} and created_at < ${to}) as requests,
                 (select count(*)::int from payments where environment = 'sandbox' and created_at >= ${from} and created_at < ${to}) as payments`,
    );
    const inMonth = { "settlement-requests": counts[0]?.requests ?? 0, payments: counts[0]?.payments ?? 0 };
    console.log(
      `seeded ${seeded.result.requests.toLocaleString("en-US")} requests and ${seeded.result.payments.toLocaleString("en-US")} payments in ${seeded.seconds.toFixed(1)} s; October (UTC) holds ${inMonth["settlement-requests"].toLocaleString("en-US")} requests and ${inMonth.payments.toLocaleString("en-US")} payments`,
    );

    const table = { "settlement-requests": "settlement_requests", payments: "payments" } as const;
    const lines: string[] = [];
    // The floor: the month's rows read from the service's table by keyset, 500 at a time, and dropped.
    const floors = new Map<keyof typeof table, { result: number; seconds: number }>();
    const floorOf = async (kind: keyof typeof table) => {
      const floor = await timed(async () => {
        let n = 0;
        let cursor: { at: string; id: string } | null = null;
        for (;;) {
          const rows: Array<{ at: string; id: string; row: unknown }> = await queryRows(
            s.deps.db,
            sql`select created_at::text as at, id, to_jsonb(t) as row from ${sql.identifier(table[kind])} t
                 where account_id = ${s.account.id} and environment = 'sandbox' and created_at >= ${from} and created_at < ${to}
                   ${cursor ? sql`and (created_at, id) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
                 order by created_at desc, id desc limit 500`,
          );
          n += rows.length;
          const last = rows.at(-1);
          if (rows.length < 500 || !last) return n;
          cursor = { at: last.at, id: last.id };
        }
      });
      floors.set(kind, floor);
      return floor;
    };
    // BENCH_REPORTS_ONLY=reconciliation: the reconciliation alone (while its time is worked on).
    const kinds =
      process.env.BENCH_REPORTS_ONLY === "reconciliation" ? [] : (["settlement-requests", "payments"] as const);
    for (const kind of kinds) {
      const floor = await floorOf(kind);
      const read = await timed(async () => {
        let n = 0;
        for await (const _ of exportRows("sandbox", kind, from, to)) n++;
        return n;
      });
      if (read.result !== inMonth[kind] || floor.result !== inMonth[kind])
        throw new Error(
          `${kind}: the export gave ${read.result}, the floor ${floor.result}, SQL counts ${inMonth[kind]}`,
        );
      const reports: Array<{ format: string; seconds: number; rows: number; bytes: number }> = [];
      for (const format of ["csv", "xlsx"] as const) {
        const definition = kind === "payments" ? "payments" : "settlement_requests";
        const queued = await queueRun(s.deps.db, "sandbox", { definition, period: MONTH, format }, "bench");
        const claimed = await claimRun(s.deps.db);
        if (claimed?.id !== queued.id) throw new Error("the bench's run was not claimed");
        const made = await timed(() => makeReport(s.deps.db, claimed, async () => new Date("2026-11-02T00:00:00Z")));
        if (!made.result) throw new Error(`the ${format} report failed`);
        if (made.result.rows !== inMonth[kind]) throw new Error(`the report holds ${made.result.rows} rows`);
        reports.push({ format, seconds: made.seconds, rows: made.result.rows, bytes: made.result.bytes });
      }
      lines.push(
        "",
        `| October, ${inMonth[kind].toLocaleString("en-US")} ${kind.replace("-", " ")} | time | rows a second | ratio to the floor |`,
        "|---|---|---|---|",
        `| floor: the rows read from the service's table by keyset, dropped | ${floor.seconds.toFixed(1)} s | ${Math.round(floor.result / floor.seconds).toLocaleString("en-US")} | 1.00 |`,
        `| the streamed export over HTTP, each row checked, dropped | ${read.seconds.toFixed(1)} s | ${Math.round(read.result / read.seconds).toLocaleString("en-US")} | ${(read.seconds / floor.seconds).toFixed(2)} |`,
        ...reports.map(
          (r) =>
            `| **the report, ${r.format.toUpperCase()}** (export, writer, pieces to PostgreSQL, SHA-256; ${(r.bytes / 1_048_576).toFixed(0)} MB) | ${r.seconds.toFixed(1)} s | ${Math.round(r.rows / r.seconds).toLocaleString("en-US")} | ${(r.seconds / floor.seconds).toFixed(2)} |`,
        ),
      );
      if (kind === "settlement-requests") {
        // Before: the list's pages by a moving window (100 rows a call), no rate limit waited for.
        let calls = 0;
        const paged = await timed(async () => {
          let n = 0;
          const columns = REPORT_DEFINITIONS.settlement_requests.columns;
          for await (const _ of newestFirst(
            (query) => {
              calls++;
              return listSettlementRequests("sandbox", query);
            },
            from,
            to,
          ))
            n += columns.length > 0 ? 1 : 0;
          return n;
        });
        lines.push(
          `| before: the list's pages by a moving window (${calls.toLocaleString("en-US")} calls), dropped | ${paged.seconds.toFixed(1)} s | ${Math.round(paged.result / paged.seconds).toLocaleString("en-US")} | ${(paged.seconds / floor.seconds).toFixed(2)} |`,
          `| before, under the sandbox's 100 calls a minute | ≥ ${(calls / 100).toFixed(0)} min | | |`,
        );
      }
      const slowest = Math.max(...reports.map((r) => r.seconds));
      lines.push(
        `goal (${kind}, ${inMonth[kind].toLocaleString("en-US")} rows): under 60 s — ${slowest < 60 ? "met" : "MISSED"} (slowest format ${slowest.toFixed(1)} s)`,
      );
    }
    // Reconciliation from the API's data: the sync (two exports over the month and the months
    // around it, each payment a movement, each payout an expected settlement), then the matching run.
    const [{ syncMovements }, { runMatching }] = await Promise.all([
      import("@/lib/reconciliation/sync"),
      import("@/lib/reconciliation/run"),
    ]);
    for (const kind of ["settlement-requests", "payments"] as const) if (!floors.has(kind)) await floorOf(kind);
    const floorSeconds = (floors.get("settlement-requests")?.seconds ?? 0) + (floors.get("payments")?.seconds ?? 0);
    const synced = await timed(() => syncMovements(s.deps.db, "sandbox", MONTH));
    if (!synced.result.ok) throw new Error(`the sync failed: ${synced.result.message}`);
    const matched = await timed(() => runMatching(s.deps.db, "sandbox", MONTH, "bench", "2026-11-02"));
    lines.push(
      "",
      `| reconciliation of October from the API's data | time | ratio to the floor |`,
      "|---|---|---|",
      `| floor: both tables' rows of the month read by keyset, dropped | ${floorSeconds.toFixed(1)} s | 1.00 |`,
      `| sync: the exports read, ${synced.result.movements.toLocaleString("en-US")} movements and the payouts expected written | ${synced.seconds.toFixed(1)} s | ${(synced.seconds / floorSeconds).toFixed(2)} |`,
      `| the matching run (${matched.result.matches.toLocaleString("en-US")} matches, ${matched.result.exceptions.toLocaleString("en-US")} exceptions) | ${matched.seconds.toFixed(1)} s | ${(matched.seconds / floorSeconds).toFixed(2)} |`,
      `| **sync and matching** | **${(synced.seconds + matched.seconds).toFixed(1)} s** | ${((synced.seconds + matched.seconds) / floorSeconds).toFixed(2)} |`,
      `goal (reconciliation, sync and match): under 60 s — ${synced.seconds + matched.seconds < 60 ? "met" : "MISSED"} (${(synced.seconds + matched.seconds).toFixed(1)} s)`,
    );
    console.log(lines.join("\n"));
  } finally {
    server.close();
    await s.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
