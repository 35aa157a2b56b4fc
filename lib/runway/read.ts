import "server-only";
import type { Executor } from "@/lib/db/database";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { dayIn, midnightIn } from "@/lib/dates/calendar";
import { env } from "@/lib/env";
import { STABLECOINS, type Environment } from "@/lib/schemas/catalog";
import { availableBalances } from "@/lib/settlement-api/available-balances";
import { getBalanceStatement, listSettlementRequests } from "@/lib/settlement-api";
import { Dec, toDec } from "@/lib/money/decimal";
import { OUTFLOW_WINDOW_DAYS, projectRunway, type Runway } from "./projection";
import { committedOut, floorsOf } from "./store";
import { backtestDays, backtestForecast, dayEndTotals, type Backtest } from "./backtest";

/** Statuses of a request whose payin has not arrived yet: the payer still owes it. */
export const OPEN_PAYIN_STATUSES = ["REQUEST_STARTED", "FUNDS_RECEIVING_LATE"] as const;

export type RunwayRead =
  | {
      ok: true;
      environment: Environment;
      asOf: string;
      today: string;
      currencies: Runway[];
      outflowRead: boolean;
      /** The forecast replayed over each currency's last weeks (null: not read, or too many movements to replay). */
      forecastChecks: Array<Backtest | null>;
    }
  | { ok: false; environment: Environment; message: string };

/**
 * Every stablecoin's runway in an environment (decisions D25.7), from the service (balances, the
 * last 30 days' statement, open payins' totals), the console's own commitments and the floors.
 * A fixed number of calls whatever the history: one balance read, two statements (the last 30 days; the replay's 51 whole days, at most 1,000 entries) and two list
 * totals a currency, two indexed sums. On the environment's clock (the sandbox's may be ahead).
 */
export async function readRunway(db: Executor, environment: Environment): Promise<RunwayRead> {
  const now = await nowFor(environment);
  const zone = env().MERCHANT_TIME_ZONE;
  const today = dayIn(zone, now);
  const replayDays = backtestDays(today);
  const from = new Date(now.getTime() - OUTFLOW_WINDOW_DAYS * 86_400_000).toISOString();
  const [balances, committed, floors, statements, expected, histories] = await Promise.all([
    availableBalances(environment),
    committedOut(db, environment),
    floorsOf(db, environment),
    Promise.all(STABLECOINS.map((c) => getBalanceStatement(environment, c, { from, to: now.toISOString() }))),
    Promise.all(
      OPEN_PAYIN_STATUSES.map((status) =>
        listSettlementRequests(environment, { status, page: 1, page_size: 1, include: "totals" }),
      ),
    ),
    Promise.all(
      STABLECOINS.map((c) =>
        getBalanceStatement(environment, c, {
          from: midnightIn(zone, replayDays[0]).toISOString(),
          to: midnightIn(zone, today).toISOString(),
        }),
      ),
    ),
  ]);
  if (!balances)
    return { ok: false, environment, message: "The service did not give the balances: try again shortly." };
  const expectedIn = new Map<string, Dec>();
  for (const result of expected)
    if (result.ok)
      for (const t of result.data.totals?.recipient_gets ?? [])
        expectedIn.set(t.currency, (expectedIn.get(t.currency) ?? new Dec(0)).plus(toDec(t.amount)));
  const currencies = STABLECOINS.map((currency, i) => {
    const balance = balances.find((b) => b.currency === currency);
    const statement = statements[i];
    return projectRunway({
      currency,
      available: balance?.available_balance ?? "0",
      reserved: balance?.reserved_balance ?? "0",
      committed: committed.get(currency) ?? "0",
      expectedIn: (expectedIn.get(currency) ?? new Dec(0)).toFixed(),
      netOutflow30: statement?.ok
        ? toDec(statement.data.opening.total).minus(toDec(statement.data.closing.total)).toFixed()
        : null,
      floor: floors.find((f) => f.currency === currency)?.amount ?? null,
      today,
    });
  });
  return {
    ok: true,
    environment,
    asOf: now.toISOString(),
    today,
    currencies,
    outflowRead: statements.every((s) => s.ok),
    forecastChecks: STABLECOINS.map((currency, i) => {
      const history = histories[i];
      if (!history.ok || history.data.truncated) return null;
      const totals = dayEndTotals(history.data.opening.total, history.data.entries, replayDays, zone);
      return backtestForecast(currency, replayDays, totals);
    }),
  };
}
