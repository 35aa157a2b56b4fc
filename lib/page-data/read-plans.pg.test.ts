/**
 * The plans of the reads added for issue 59, on 100 k rows of the machine's PostgreSQL: how each
 * approved batch ended (by its id, its rows by the primary key's batch_id)
 * and the Expected tab's direction filter (inside the month's index). None may read more
 * because an account has more history.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPostgres, type TestDatabase } from "@/test/console-postgres";
import { queryRows } from "@/lib/db/database";

describe("read plans on 100 k rows (PostgreSQL)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await migratedPostgres();
    const db = database.db;
    await db.execute(sql`insert into console_batches (id, environment, kind, file_name, file_bytes, file_sha256, file_size,
        separator, header, row_count, status, created_by, created_by_email)
      select 'bat_' || g, 'production', 'disbursement', 'f' || g || '.csv', '\\x00', 'x', 1, ',', '{a}', 50,
             case when g % 3 = 0 then 'done' else 'review' end, 'u', 'u@example.com'
      from generate_series(1, 2000) g`);
    await db.execute(sql`insert into console_batch_rows (batch_id, row_no, line, cells, body, send_state)
      select 'bat_' || (g % 2000 + 1), g / 2000 + 1, g, '{a}', '{}'::jsonb, case when g % 7 = 0 then 'failed' else 'sent' end
      from generate_series(0, 99999) g`);
    await db.execute(sql`insert into console_recon_expected (id, environment, direction, amount, currency, window_start,
        window_end, source, period)
      select 'exp_' || g, 'production', case when g % 5 = 0 then 'out' else 'in' end, 10, 'USD', date '2026-01-01' + (g % 300),
             date '2026-01-01' + (g % 300), 'csv', to_char(date '2026-01-01' + (g % 300), 'YYYY-MM')
      from generate_series(1, 100000) g`);
    for (const table of ["console_batches", "console_batch_rows", "console_recon_expected"])
      await db.execute(sql.raw(`analyze ${table}`));
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  const plan = async (statement: ReturnType<typeof sql>) =>
    (await queryRows<{ "QUERY PLAN": string }>(database.db, sql`explain ${statement}`))
      .map((r) => r["QUERY PLAN"])
      .join("\n");

  it("an approved batch's outcome reads its batch by id and its rows by the batch's key", async () => {
    expect(await plan(sql`select id, status from console_batches where id in ('bat_3', 'bat_6')`)).toContain(
      "console_batches_pkey",
    );
    const rows = await plan(sql`select batch_id, count(*) filter (where send_state = 'sent') as sent
        from console_batch_rows where batch_id in ('bat_3', 'bat_6') group by batch_id`);
    expect(rows).toMatch(/console_batch_rows_(pkey|send_idx|follow_idx)/);
    expect(rows).not.toContain("Seq Scan");
  });

  it("the Expected tab's direction filter stays inside the month's index", async () => {
    const expected = await plan(sql`select * from console_recon_expected
        where environment = 'production' and period = '2026-03' and direction = 'out'
        order by created_at desc, id desc limit 300`);
    expect(expected).toContain("console_recon_expected_period_idx");
    expect(expected).not.toContain("Seq Scan");
  });
});
