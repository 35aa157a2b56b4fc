/**
 * bench/reconcile (issue 46), not part of `npm test`: matching 100,000 expected settlements
 * against 100,000 movements on PostgreSQL (the exception pack's month: its ground truth says
 * what each should give), one matching run as the console makes it: read the month's open rows,
 * match, write every match and exception in the same transaction. Beside it, in the same run:
 * the matcher alone in memory on the same rows (the run's floor), and reading the same rows
 * back (a plain scan), each as a ratio. RSS is the process's, before and at its peak.
 * Goal: matching in under 60 s.
 *
 * Then a month's report of 1,000,000 settlement-request rows (BENCH_REPORT_ROWS) through the
 * report pipeline a run uses: rows from a generator shaped like the API's pages, the CSV and
 * the XLSX writer, the pieces written to PostgreSQL and hashed; beside the same rows serialised
 * to CSV and thrown away (the floor). Peak RSS above the process's before it. Goals: under
 * 60 s, under 256 MB of extra RSS.
 *
 * Last, the API's own pages: a month of BENCH_API_ROWS requests (default 200,000) on the
 * service's PostgreSQL, read through its HTTP handler by the moving window a report uses, into
 * the CSV writer; beside the same number of calls for the month's first page (the baseline: a
 * window costs what page 1 costs), and one call for the month's last page by OFFSET (what the
 * old paging paid at the end).
 *
 *   npm run bench:reconcile   (BENCH_RECON_ROWS, BENCH_REPORT_ROWS, BENCH_API_ROWS, TEST_DATABASE_URL)
 */
import { sql } from "drizzle-orm";
import { migrate } from "@/lib/db/migrate";
import { queryRows } from "@/lib/db/database";
import { exceptionPack } from "@/lib/reconciliation/exception-pack";
import { matchSettlements } from "@/lib/reconciliation/match";
import { runMatching } from "@/lib/reconciliation/run";
import { insertExpected } from "@/lib/reconciliation/expected-store";
import { openForMatching, upsertMovements } from "@/lib/reconciliation/movements-store";
import { freshPostgres } from "@/lib/service/testing/harness";
import { REPORT_DEFINITIONS } from "@/lib/reports/definitions";
import { makeReport } from "@/lib/reports/run-report";
import { claimRun, queueRun } from "@/lib/reports/store";
import { csvWriter } from "@/lib/reports/writers";
import { SETTLEMENT_CSV_COLUMNS } from "@/lib/dashboard/csv";
import { requestLogWriter } from "@/lib/service/request-log/writer";
import { createTestService } from "@/lib/service/testing/harness";
import { cloneHistory, writeTemplate } from "@/lib/service/testing/scale-seed";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { newestFirst, type Window } from "@/lib/settlement-api/newest-first";
import type { ApiResult } from "@/lib/settlement-api/result";

const ROWS = Number(process.env.BENCH_RECON_ROWS ?? 100_000);
const REPORT_ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 1_000_000);
const API_ROWS = Number(process.env.BENCH_API_ROWS ?? 200_000);
const MONTH = "2026-10";
const mb = () => process.memoryUsage().rss / 1_048_576;

async function timed<T>(work: () => Promise<T> | T): Promise<{ result: T; seconds: number; peakMb: number }> {
  let peak = mb();
  const timer = setInterval(() => {
    peak = Math.max(peak, mb());
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peakMb: Math.max(peak, mb()) };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const db = await freshPostgres();
  try {
    await migrate(db.db);
    const pack = exceptionPack({ month: MONTH, expected: ROWS, seed: 46 });
    const seeded = await timed(async () => {
      await insertExpected(
        db.db,
        "production",
        pack.expected.map(({ id, ...e }) => ({ ...e, source: "pack" as const, sourceId: id })),
        "bench",
      );
      await upsertMovements(db.db, "production", pack.actual);
    });
    console.log(
      `seeded ${pack.expected.length.toLocaleString("en-US")} expected and ${pack.actual.length.toLocaleString("en-US")} movements in ${seeded.seconds.toFixed(1)} s`,
    );
    const scan = await timed(() => openForMatching(db.db, "production", MONTH));
    const memory = await timed(() => matchSettlements(scan.result.expected, scan.result.actual));
    const before = mb();
    const run = await timed(() => runMatching(db.db, "production", MONTH, "bench"));
    const [counts] = await queryRows<{ matched: number; exceptions: number }>(
      db.db,
      sql`select (select count(*)::int from console_recon_expected where environment = 'production' and state = 'matched') as matched,
                 (select count(*)::int from console_recon_exceptions where environment = 'production') as exceptions`,
    );
    const share = ((counts?.matched ?? 0) / pack.expected.length) * 100;
    console.log("");
    console.log(
      `| ${ROWS.toLocaleString("en-US")} × ${pack.actual.length.toLocaleString("en-US")} | time | ratio to the run |`,
    );
    console.log("|---|---|---|");
    console.log(
      `| matching run on PostgreSQL (read, match, write ${run.result.matches.toLocaleString("en-US")} matches and ${run.result.exceptions.toLocaleString("en-US")} exceptions) | ${run.seconds.toFixed(1)} s | 1.00 |`,
    );
    console.log(
      `| baseline: the matcher alone, in memory | ${memory.seconds.toFixed(1)} s | ${(memory.seconds / run.seconds).toFixed(2)} |`,
    );
    console.log(
      `| baseline: reading the month's rows | ${scan.seconds.toFixed(1)} s | ${(scan.seconds / run.seconds).toFixed(2)} |`,
    );
    console.log("");
    console.log(
      `matched automatically: ${share.toFixed(1)} % (${counts?.matched ?? 0} of ${pack.expected.length}); exceptions: ${counts?.exceptions ?? 0}`,
    );
    console.log(
      `RSS: ${before.toFixed(0)} MB before the run, ${run.peakMb.toFixed(0)} MB at its peak (+${(run.peakMb - before).toFixed(0)} MB)`,
    );
    console.log(`goal: under 60 s — ${run.seconds < 60 ? "met" : "MISSED"}`);
    await reportBench(db.db);
  } finally {
    await db.close();
  }
  await apiPagesBench();
}

/** A settlement request's report row, as the settlement_requests report writes it (21 columns). */
const requestRow = (i: number): string[] => [
  `0b6f2c3e-${String(i).padStart(12, "0")}`,
  `INV-${i}`,
  i % 7 === 0 ? "PAYIN_AMOUNT_MISMATCH" : "SETTLEMENT_COMPLETED",
  "FIAT_TO_STABLECOIN",
  "PURCHASE_OF_GOODS",
  `${(i % 9000) + 100}.25`,
  "USD",
  "ACH",
  `${(i % 9000) + 101}.75`,
  "USD",
  `${(i % 9000) + 99}.12345678`,
  "USDC",
  "ETHEREUM",
  "1.50",
  "USD",
  "COMPLETED",
  "COMPLETED",
  "2026-10-03T10:00:00.000Z",
  "2026-10-03T10:05:00.000Z",
  "",
  "",
];

async function reportBench(db: Parameters<typeof makeReport>[0]) {
  console.log("");
  const columns = REPORT_DEFINITIONS.settlement_requests.columns;
  // The floor: the same rows serialised to CSV and dropped.
  const floor = await timed(async () => {
    let bytes = 0;
    const writer = csvWriter(columns, async (piece) => {
      bytes += piece.length;
    });
    for (let i = 1; i <= REPORT_ROWS; i++) await writer.row(requestRow(i));
    await writer.end();
    return bytes;
  });
  const results: Array<{ format: string; seconds: number; extraMb: number; bytes: number }> = [];
  for (const format of ["csv", "xlsx"] as const) {
    const run = await queueRun(
      db,
      "production",
      { definition: "settlement_requests", period: "2026-10", format },
      "bench",
    );
    const claimed = await claimRun(db);
    if (claimed?.id !== run.id) throw new Error("the bench's run was not claimed");
    const before = mb();
    const source = { ...REPORT_DEFINITIONS.settlement_requests };
    REPORT_DEFINITIONS.settlement_requests = {
      columns,
      async *rows() {
        for (let i = 1; i <= REPORT_ROWS; i++) yield requestRow(i);
      },
    };
    try {
      const made = await timed(() => makeReport(db, claimed));
      if (!made.result) throw new Error("the report failed");
      results.push({ format, seconds: made.seconds, extraMb: made.peakMb - before, bytes: made.result.bytes });
    } finally {
      REPORT_DEFINITIONS.settlement_requests = source;
    }
  }
  console.log(
    `| a month report, ${REPORT_ROWS.toLocaleString("en-US")} requests | time | ratio to the floor | extra RSS at peak | file |`,
  );
  console.log("|---|---|---|---|---|");
  console.log(
    `| floor: the rows serialised to CSV, dropped | ${floor.seconds.toFixed(1)} s | 1.00 | — | ${(floor.result / 1_048_576).toFixed(0)} MB |`,
  );
  for (const r of results)
    console.log(
      `| ${r.format.toUpperCase()}: written to PostgreSQL in pieces, hashed | ${r.seconds.toFixed(1)} s | ${(r.seconds / floor.seconds).toFixed(2)} | +${r.extraMb.toFixed(0)} MB | ${(r.bytes / 1_048_576).toFixed(0)} MB |`,
    );
  for (const r of results)
    console.log(`goal (${r.format}): under 60 s and 256 MB — ${r.seconds < 60 && r.extraMb < 256 ? "met" : "MISSED"}`);
}

async function apiPagesBench() {
  console.log("");
  const s = await createTestService({ driver: "postgres", start: "2026-10-31T12:00:00Z" });
  try {
    await writeTemplate(
      async (method, path, body) => {
        const res = await s.request(method, path, { body });
        return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
      },
      () => requestLogWriter(s.deps.db).flush(),
    );
    const seeded = await timed(() =>
      cloneHistory(s.deps.db, s.account.id, s.clock.now(), {
        requests: API_ROWS,
        days: 30,
        logsPerRequest: 0,
        eventsPerRequest: 0,
      }),
    );
    let calls = 0;
    const read = async (w: Window): Promise<ApiResult<{ data: SettlementRequest[] }>> => {
      calls++;
      const query = new URLSearchParams({ ...w, page: String(w.page), page_size: String(w.page_size) });
      const res = await s.request("GET", `/v0/settlement-requests?${query}`);
      const body = (await res.json()) as { data: SettlementRequest[]; error?: { message: string } };
      return res.ok
        ? { ok: true, data: body, status: res.status, replayed: false }
        : {
            ok: false,
            error: { kind: "api", status: res.status, code: "", message: body.error?.message ?? "", details: [] },
          };
    };
    const columns = SETTLEMENT_CSV_COLUMNS.map((c) => c.header);
    const ids = new Set<string>();
    const walk = await timed(async () => {
      let rows = 0;
      const writer = csvWriter(columns, async () => {});
      for await (const r of newestFirst(read, "2026-10-01", "2026-10-31")) {
        ids.add(r.id);
        await writer.row(SETTLEMENT_CSV_COLUMNS.map((c) => c.value(r)));
        rows++;
      }
      await writer.end();
      return rows;
    });
    const walked = calls;
    const [inMonth] = await queryRows<{ n: number }>(
      s.deps.db,
      sql`select count(*)::int as n from settlement_requests
           where environment = 'sandbox' and created_at >= '2026-10-01' and created_at < '2026-11-01'`,
    );
    if (walk.result !== inMonth?.n || ids.size !== walk.result)
      throw new Error(`the window gave ${walk.result} rows of the month's ${inMonth?.n}: rows lost or repeated`);
    const month = { created_from: "2026-10-01", created_to: "2026-10-31", page_size: 100 };
    const firstPages = await timed(async () => {
      for (let i = 0; i < walked; i++) await read({ ...month, page: 1 });
    });
    const lastPage = Math.ceil(walk.result / 100);
    const deep = await timed(() => read({ ...month, page: lastPage }));
    const perCall = (seconds: number, n: number) => ((seconds * 1000) / n).toFixed(1);
    console.log(
      `seeded ${seeded.result.requests.toLocaleString("en-US")} requests over 30 days in ${seeded.seconds.toFixed(1)} s; the window gave each of the month's ${walk.result.toLocaleString("en-US")} once (counted in SQL)`,
    );
    console.log(
      `| a month of ${walk.result.toLocaleString("en-US")} requests through the API's HTTP handler | time | per call | ratio to page 1 |`,
    );
    console.log("|---|---|---|---|");
    console.log(
      `| baseline: page 1 of the month, ${walked.toLocaleString("en-US")} times | ${firstPages.seconds.toFixed(1)} s | ${perCall(firstPages.seconds, walked)} ms | 1.00 |`,
    );
    console.log(
      `| the report's moving window (${walked.toLocaleString("en-US")} calls), into the CSV writer | ${walk.seconds.toFixed(1)} s | ${perCall(walk.seconds, walked)} ms | ${(walk.seconds / firstPages.seconds).toFixed(2)} |`,
    );
    console.log(
      `| one call for the last page by OFFSET (page ${lastPage.toLocaleString("en-US")}) | ${deep.seconds.toFixed(2)} s | ${perCall(deep.seconds, 1)} ms | ${(deep.seconds / (firstPages.seconds / walked)).toFixed(1)} |`,
    );
    const million = ((walk.seconds / walked) * 10_000) / 60;
    console.log(
      `a million requests, at this rate: about ${million.toFixed(1)} min of calls; at the contract's production rate limit (1,000 calls a minute) at least 10 min`,
    );
  } finally {
    await s.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
