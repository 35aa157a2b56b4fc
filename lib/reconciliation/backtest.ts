import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { lastDayOf } from "./close";
import { matchSettlements } from "./match";
import { addDays } from "./tolerance";
import type { ActualMovement, ExceptionKind, ExpectedSettlement, MatchRule, MatchResult } from "./types";

export type BacktestMonth = {
  period: string;
  expected: number;
  current: { matched: number; exceptions: Partial<Record<ExceptionKind, number>> };
  proposed: { matched: number; exceptions: Partial<Record<ExceptionKind, number>> };
  /** Matches the proposed rules make that the current ones do not, and the other way. */
  gained: number;
  lost: number;
};

/**
 * A change of the matching rules replayed over past months before it is switched on (issue 46,
 * as approval rules are backtested): each month's expected settlements and movements, whatever
 * became of them, matched in memory once with the current rules and once with the proposed
 * ones. Nothing is written.
 */
export async function backtestMatchRules(
  db: Executor,
  environment: Environment,
  current: readonly MatchRule[],
  proposed: readonly MatchRule[],
  periods: readonly string[],
): Promise<BacktestMonth[]> {
  const out: BacktestMonth[] = [];
  for (const period of periods) {
    const { expected, actual } = await monthAsItCame(db, environment, period);
    const today = addDays(lastDayOf(period), 1);
    const before = matchSettlements(expected, actual, current, { today });
    const after = matchSettlements(expected, actual, proposed, { today });
    const keys = (r: MatchResult) =>
      new Set(r.matches.map((m) => `${[...m.expectedIds].sort()}|${[...m.actualIds].sort()}`));
    const a = keys(before);
    const b = keys(after);
    out.push({
      period,
      expected: expected.length,
      current: summary(before),
      proposed: summary(after),
      gained: [...b].filter((k) => !a.has(k)).length,
      lost: [...a].filter((k) => !b.has(k)).length,
    });
  }
  return out;
}

function summary(r: MatchResult) {
  const exceptions: Partial<Record<ExceptionKind, number>> = {};
  for (const x of r.exceptions) exceptions[x.kind] = (exceptions[x.kind] ?? 0) + 1;
  return { matched: r.matches.reduce((n, m) => n + m.expectedIds.length, 0), exceptions };
}

/** A month's expected settlements and the movements around it, as they came (any state). */
async function monthAsItCame(
  db: Executor,
  environment: Environment,
  period: string,
): Promise<{ expected: ExpectedSettlement[]; actual: ActualMovement[] }> {
  const from = `${period}-01`;
  const to = lastDayOf(period);
  const expected = await queryRows<{
    id: string;
    direction: "in" | "out";
    amount: string;
    currency: string;
    tolerance_abs: string;
    tolerance_pct: string;
    window_start: string | Date;
    window_end: string | Date;
    counterparty: string | null;
    reference: string | null;
  }>(
    db,
    sql`select id, direction, amount::text as amount, currency, tolerance_abs::text as tolerance_abs, tolerance_pct::text as tolerance_pct,
               window_start::text as window_start, window_end::text as window_end, counterparty, reference
          from console_recon_expected where environment = ${environment} and period = ${period}`,
  );
  const actual = await queryRows<{
    id: string;
    kind: ActualMovement["kind"];
    direction: "in" | "out";
    amount: string;
    currency: string;
    day: string;
    counterparty: string | null;
    reference: string | null;
    rail: string | null;
    returned: boolean;
  }>(
    db,
    sql`select id, kind, direction, amount::text as amount, currency, day::text as day, counterparty, reference, rail, returned
          from console_recon_movements
         where environment = ${environment} and day between (${from}::date - interval '31 days') and (${to}::date + interval '31 days')`,
  );
  return {
    expected: expected.map((e) => ({
      id: e.id,
      direction: e.direction,
      amount: e.amount,
      currency: e.currency,
      toleranceAbs: e.tolerance_abs,
      tolerancePct: e.tolerance_pct,
      windowStart: String(e.window_start).slice(0, 10),
      windowEnd: String(e.window_end).slice(0, 10),
      counterparty: e.counterparty,
      reference: e.reference,
    })),
    actual: actual.map((a) => ({ ...a, day: a.day.slice(0, 10) })),
  };
}
