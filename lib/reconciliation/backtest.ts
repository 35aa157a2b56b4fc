import "server-only";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { lastDayOf } from "./period";
import { matchSettlements } from "./match";
import { addDays } from "@/lib/dates/calendar";
import { monthAsItCame } from "./month-store";
import type { ExceptionKind, MatchRule, MatchResult } from "./types";

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
    const { expected, actual } = await monthAsItCame(db, environment, period, lastDayOf(period));
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
