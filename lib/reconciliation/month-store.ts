import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { type ExpectedDbRow, type ExpectedRow, type ExpectedState, toExpected } from "./expected-store";
import { type MovementDbRow, type MovementRow, toMovement } from "./movements-store";

/** A month's counts, and the month as it came (the backtest's replay). Decisions D24, migration 0036. */

/** A month's counts: expected by state, open exceptions, matches. */
export async function periodSummary(
  db: Executor,
  environment: Environment,
  period: string,
): Promise<{ expected: Record<ExpectedState, number>; openExceptions: number; matches: number }> {
  const [states, exceptions, matches] = await Promise.all([
    queryRows<{ state: ExpectedState; n: string | number }>(
      db,
      sql`select state, count(*) as n from console_recon_expected
           where environment = ${environment} and period = ${period} group by state`,
    ),
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from console_recon_exceptions
           where environment = ${environment} and period = ${period} and status in ('open', 'pending_write_off')`,
    ),
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from console_recon_matches
           where environment = ${environment} and period = ${period} and undone_at is null`,
    ),
  ]);
  const expected: Record<ExpectedState, number> = { open: 0, matched: 0, exception: 0, resolved: 0, written_off: 0 };
  for (const s of states) expected[s.state] = Number(s.n);
  return { expected, openExceptions: Number(exceptions[0]?.n ?? 0), matches: Number(matches[0]?.n ?? 0) };
}

/** A month's expected settlements whatever became of them, and the movements of the month around it (the backtest's replay). */
export async function monthAsItCame(
  db: Executor,
  environment: Environment,
  period: string,
  to: string,
): Promise<{ expected: ExpectedRow[]; actual: MovementRow[] }> {
  const expected = await queryRows<ExpectedDbRow>(
    db,
    sql`select * from console_recon_expected where environment = ${environment} and period = ${period}`,
  );
  const actual = await queryRows<MovementDbRow>(
    db,
    sql`select * from console_recon_movements
         where environment = ${environment}
           and day between (${`${period}-01`}::date - interval '31 days') and (${to}::date + interval '31 days')`,
  );
  return { expected: expected.map(toExpected), actual: actual.map(toMovement) };
}
