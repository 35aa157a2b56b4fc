/**
 * bench/reconcile (issue 46), not part of `npm test`: matching 100,000 expected settlements
 * against 100,000 movements on PostgreSQL (the exception pack's month: its ground truth says
 * what each should give), one matching run as the console makes it: read the month's open rows,
 * match, write every match and exception in the same transaction. Beside it, in the same run:
 * the matcher alone in memory on the same rows (the run's floor), and reading the same rows
 * back (a plain scan), each as a ratio. RSS is the process's, before and at its peak.
 * Goal: matching in under 60 s.
 *
 *   npm run bench:reconcile   (BENCH_RECON_ROWS, TEST_DATABASE_URL)
 */
import { sql } from "drizzle-orm";
import { migrate } from "@/lib/db/migrate";
import { queryRows } from "@/lib/db/database";
import { exceptionPack } from "@/lib/reconciliation/exception-pack";
import { matchSettlements } from "@/lib/reconciliation/match";
import { runMatching } from "@/lib/reconciliation/run";
import { insertExpected, openForMatching, upsertMovements } from "@/lib/reconciliation/store";
import { freshPostgres } from "@/lib/service/testing/harness";

const ROWS = Number(process.env.BENCH_RECON_ROWS ?? 100_000);
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
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
