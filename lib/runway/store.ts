import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";

/** The runway's own table and reads (issue 64, migration 0053). */

export type RunwayFloor = { currency: string; amount: string; setBy: string; setAt: string };

/** Each currency's floor in an environment. */
export async function floorsOf(db: Executor, environment: Environment): Promise<RunwayFloor[]> {
  const rows = await queryRows<{ currency: string; amount: string; set_by: string; set_at: Date | string }>(
    db,
    sql`select currency, amount::text as amount, set_by, set_at from console_runway_floors
        where environment = ${environment} order by currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    amount: r.amount,
    setBy: r.set_by,
    setAt: new Date(r.set_at).toISOString(),
  }));
}

/** Sets a currency's floor (null removes it); returns the floor it replaced. */
export async function setFloor(
  db: Executor,
  environment: Environment,
  currency: string,
  amount: string | null,
  setBy: string,
): Promise<string | null> {
  const [before] = await queryRows<{ amount: string }>(
    db,
    sql`select amount::text as amount from console_runway_floors where environment = ${environment} and currency = ${currency}`,
  );
  if (amount === null)
    await db.execute(
      sql`delete from console_runway_floors where environment = ${environment} and currency = ${currency}`,
    );
  else
    await db.execute(
      sql`insert into console_runway_floors (environment, currency, amount, set_by)
          values (${environment}, ${currency}, ${amount}::numeric, ${setBy})
          on conflict (environment, currency) do update
            set amount = excluded.amount, set_by = excluded.set_by, set_at = now()`,
    );
  return before?.amount ?? null;
}

/**
 * What the console has committed to pay and not yet sent, per currency: payouts (disbursements,
 * /v1 payments) held for approval or being sent, and the unsent rows of disbursement batches
 * held or sending. A held batch is counted by its rows, never also by its submission. Each part
 * reads through a partial index of what waits (migration 0053), so history costs nothing.
 */
export async function committedOut(db: Executor, environment: Environment): Promise<Map<string, string>> {
  const rows = await queryRows<{ currency: string; amount: string }>(db, committedOutStatement(environment));
  return new Map(rows.map((r) => [r.currency, r.amount]));
}

/** committedOut's statement (its plan is checked on 100,000 rows). */
export const committedOutStatement = (environment: Environment) =>
  sql`select currency, sum(amount)::text as amount from (
    select s.facts->>'currency' as currency, (s.facts->>'amount')::numeric as amount
      from console_submissions s
     where s.environment = ${environment}
       and s.status in ('pending', 'sending') and s.action in ('disbursement', 'v1_payment')
       and not exists (select 1 from console_batches sb where sb.submission_id = s.id)
       and s.facts->>'amount' is not null and s.facts->>'currency' is not null
    union all
    select r.currency, r.amount
      from console_batches b join console_batch_rows r on r.batch_id = b.id
     where b.environment = ${environment} and b.status in ('held', 'sending') and b.kind = 'disbursement'
       and r.included and r.send_state in ('waiting', 'sending') and r.amount is not null
  ) t group by currency`;
