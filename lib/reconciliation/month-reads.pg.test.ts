import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPostgres, type TestDatabase } from "@/test/console-postgres";
import { listRuns } from "@/lib/reports/store";
import { loadCloseReads } from "./close-reads-store";
import { capture, isRead, rowsRead } from "@/lib/service/testing/statement-capture";
import { listExceptions, openExceptionCounts } from "./exceptions-store";
import { listExpected } from "./expected-store";
import { listMatches } from "./matches-store";
import { openForMatching, openMovements } from "./movements-store";
import { periodSummary } from "./month-store";

/**
 * Month-end's reads cost what the month holds, never the account's history (the quality bar's
 * scale rule): 100 k movements over three years, 100 k expected settlements, exceptions and
 * matches over 40 months, 100 k report runs; each read is replayed under EXPLAIN ANALYZE and
 * the rows its scans touched are counted.
 */
const HISTORY = /^console_(recon_|report_runs)/;

describe("month-end reads on 100 k rows of history (PostgreSQL)", () => {
  let a: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    a = await migratedPostgres();
    pool = (a.db as unknown as { $client: Pool }).$client;
    // 100 movements a day for 1,000 days from 2024-01-01, every tenth still open.
    await pool.query(`insert into console_recon_movements (environment, id, kind, direction, amount, currency, day, reference, state)
      select 'production', 'mv_' || g, 'payment', case when g % 2 = 0 then 'in' else 'out' end, 10 + g % 500, 'USD',
             date '2024-01-01' + (g / 100), 'ref-' || g, case when g % 10 = 0 then 'open' else 'matched' end
        from generate_series(0, 99999) g`);
    // 2,500 a month over 40 months from 2024-01.
    const month = (g: string) => `to_char(date '2024-01-01' + make_interval(months => (${g}) / 2500), 'YYYY-MM')`;
    await pool.query(`insert into console_recon_expected (id, environment, direction, amount, currency, window_start, window_end, source, period, state)
      select 'ex_' || g, 'production', 'in', 10 + g % 500, 'USD', date '2024-01-01', date '2024-01-05', 'form', ${month("g")},
             case when g % 10 = 0 then 'open' else 'matched' end
        from generate_series(0, 99999) g`);
    await pool.query(`insert into console_recon_exceptions (id, environment, period, kind, expected_ids, actual_ids, currency, note, status)
      select 'x_' || g, 'production', ${month("g")}, 'underpaid', jsonb_build_array('ex_' || g), '[]', 'USD', 'seeded',
             case when g % 4 = 0 then 'open' else 'resolved' end
        from generate_series(0, 99999) g`);
    await pool.query(`insert into console_recon_matches (id, environment, period, strategy, rule, reasons, currency, expected_ids, actual_ids)
      select 'm_' || g, 'production', ${month("g")}, 'one_to_one', 'reference', '["reference"]', 'USD',
             jsonb_build_array('ex_' || g), jsonb_build_array('mv_' || g)
        from generate_series(0, 99999) g`);
    await pool.query(`insert into console_report_runs (id, environment, definition, params, format, status, requested_by, created_at)
      select 'rpt_' || g, 'production', 'payments', '{"period":"2025-01"}', 'csv', 'succeeded', 'fin@example.com',
             now() - make_interval(mins => g)
        from generate_series(0, 99999) g`);
    // A close's reads: 2,500 currencies a month over the same 40 months (a real account has a few).
    await pool.query(`insert into console_recon_close_reads (environment, period, currency, read_at, in_transit_count, in_transit_total, in_transit, fx)
      select 'production', ${month("g")}, case when g % 2500 = 0 then 'USD' else 'C' || (g % 2500) end, now(), 0, 0, '[]', '[]'
        from generate_series(0, 99999) g`);
    for (const table of ["movements", "expected", "exceptions", "matches", "close_reads"])
      await pool.query(`analyze console_recon_${table}`);
    await pool.query("analyze console_report_runs");
  }, 120_000);
  afterAll(async () => {
    await a.close();
  });

  const cost = async (read: () => Promise<unknown>) => {
    const statements = await capture(pool, async () => {
      await read();
    });
    expect(statements.filter(isRead).length).toBeGreaterThan(0);
    return rowsRead(pool, statements, HISTORY);
  };

  it("matching a month reads that month and a month either side of it", async () => {
    // 2024-06 ± 31 days: about 90 days of 10 open movements, and 250 open expected (reading
    // every later day, as it once did, would be about 8,800).
    expect(await cost(() => openForMatching(a.db, "production", "2024-06"))).toBeLessThan(2_000);
    // The picker for a manual match, the same days.
    expect(
      await cost(() =>
        openMovements(a.db, "production", { period: "2026-02", currency: "USD", direction: "in", near: "120" }),
      ),
    ).toBeLessThan(1_500);
  });

  it("a month's queue, counts, matches and summary read that month's rows only", async () => {
    expect(await cost(() => listExceptions(a.db, "production", { period: "2025-06", limit: 300 }))).toBeLessThan(1_000);
    expect(await cost(() => openExceptionCounts(a.db, "production", "2025-06"))).toBeLessThan(1_000);
    expect(await cost(() => listExpected(a.db, "production", "2025-06"))).toBeLessThan(3_000);
    expect(await cost(() => listMatches(a.db, "production", "2025-06"))).toBeLessThan(3_000);
    expect(await cost(() => periodSummary(a.db, "production", "2025-06"))).toBeLessThan(6_000);
  });

  it("a close reads its month's stored in-transit and FX row, not the others", async () => {
    const reads = await loadCloseReads(a.db, "production", "2025-06", "USD");
    expect(reads).toMatchObject({ currency: "USD", inTransitCount: 0 });
    expect(await cost(() => loadCloseReads(a.db, "production", "2025-06", "USD"))).toBeLessThanOrEqual(1);
  });

  it("the reports page's runs read their page, not every run", async () => {
    expect(await cost(() => listRuns(a.db, "production", 50))).toBeLessThan(100);
  });
});
