import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { nextPeriod } from "./period";

/**
 * Locked months (issue 57, decisions D24.13): after a month is closed for a currency nothing of
 * it changes. What would change it lands in the first open month after it instead, as an
 * adjustment that names the closed one: an expected settlement imported late, a payout the
 * sync finds late. Matching skips a locked month's currency altogether.
 */

const key = (currency: string, period: string) => `${currency}|${period}`;

/** Which of the (currency, month) pairs are locked, as "currency|period" keys: one query whatever their number. */
export async function lockedPairs(
  db: Executor,
  environment: Environment,
  pairs: ReadonlyArray<{ currency: string; period: string }>,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const wanted = [...new Set(pairs.map((p) => key(p.currency, p.period)))];
  const rows = await queryRows<{ currency: string; period: string }>(
    db,
    sql`select p.currency, p.period from console_recon_periods p
          join jsonb_to_recordset(${JSON.stringify(wanted.map((k) => ({ currency: k.split("|")[0], period: k.split("|")[1] })))}::jsonb)
               as w(currency text, period text) on w.currency = p.currency and w.period = p.period
         where p.environment = ${environment}`,
  );
  return new Set(rows.map((r) => key(r.currency, r.period)));
}

/** The currencies locked for `period`. */
export async function lockedCurrencies(db: Executor, environment: Environment, period: string): Promise<Set<string>> {
  const rows = await queryRows<{ currency: string }>(
    db,
    sql`select currency from console_recon_periods where environment = ${environment} and period = ${period}`,
  );
  return new Set(rows.map((r) => r.currency));
}

/** The first month after `period` that is not locked for the currency: where a late change lands. */
export async function openPeriodAfter(
  db: Executor,
  environment: Environment,
  currency: string,
  period: string,
): Promise<string> {
  let next = nextPeriod(period);
  for (let i = 0; i < 120 && (await lockedPairs(db, environment, [{ currency, period: next }])).size > 0; i++)
    next = nextPeriod(next);
  return next;
}

export const isLocked = (locked: Set<string>, currency: string, period: string) => locked.has(key(currency, period));
