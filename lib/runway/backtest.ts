/**
 * How good the runway's forecast has been (issue 64 ★, decisions D25.8): the projection replayed
 * over the balance's own history. For each of the last BACKTEST_DAYS whole days, the forecast the
 * page would have drawn BACKTEST_LEAD_DAYS before it (that day's total, less the lead times the
 * daily outflow of the 30 days before it) is set against the total the day actually ended on.
 * Beside it, the naive forecast ("the balance stays as it is"), so the error reads as a ratio:
 * under 1, the runway forecast beats doing nothing. Pure and browser-safe.
 *
 * The replay judges the ledger's total (what the statement gives for any past instant); the page's
 * projection also subtracts what the console has committed, which no statement keeps for the past.
 */
import { Dec, precisionOf, roundHalfUp, toDec } from "@/lib/money/decimal";
import { addDays, dayIn } from "@/lib/dates/calendar";
import { OUTFLOW_WINDOW_DAYS } from "./projection";

/** How many past days are judged. */
export const BACKTEST_DAYS = 14;
/** How far ahead each judged forecast looked, in days. */
export const BACKTEST_LEAD_DAYS = 7;
/** The whole days of history the replay reads: the outflow window, the lead, the judged days. */
export const BACKTEST_HISTORY_DAYS = OUTFLOW_WINDOW_DAYS + BACKTEST_LEAD_DAYS + BACKTEST_DAYS;

export type BacktestDay = {
  day: string;
  /** What the runway forecast said, BACKTEST_LEAD_DAYS before. */
  projected: string;
  /** The total the day ended on. */
  actual: string;
  /** Projected minus actual (positive: the forecast was too hopeful). */
  error: string;
};

export type Backtest = {
  currency: string;
  days: BacktestDay[];
  /** The mean of |error| over the judged days, at the currency's places. */
  meanAbsError: string;
  /** The same for the naive forecast (the balance of the day the forecast was made). */
  naiveMeanAbsError: string;
  /** meanAbsError / naiveMeanAbsError to 2 places; null when the naive forecast was never wrong. */
  ratio: string | null;
};

/** The whole days the replay needs, oldest first, ending the day before `today`. */
export function backtestDays(today: string): string[] {
  return Array.from({ length: BACKTEST_HISTORY_DAYS }, (_, i) => addDays(today, i - BACKTEST_HISTORY_DAYS));
}

type Entry = { created_at: string; balance_after: { total: string } };

/**
 * The total each day ended on, from a statement that opens before the first day (`opening`) and
 * lists its entries oldest first. A day without entries ends on the day before's total.
 */
export function dayEndTotals(opening: string, entries: readonly Entry[], days: readonly string[], timeZone: string) {
  const totals: string[] = [];
  let total = opening;
  let next = 0;
  for (const day of days) {
    while (next < entries.length && dayIn(timeZone, new Date(entries[next].created_at)) <= day) {
      total = entries[next].balance_after.total;
      next++;
    }
    totals.push(total);
  }
  return totals;
}

/** Replays the forecast over day-end totals (`totals[i]` is the end of `days[i]`, oldest first). */
export function backtestForecast(currency: string, days: readonly string[], totals: readonly string[]): Backtest {
  const places = precisionOf(currency);
  const at = (x: Dec) => roundHalfUp(x, places).toFixed(places);
  const judged: BacktestDay[] = [];
  let absError = new Dec(0);
  let naiveAbsError = new Dec(0);
  for (let t = OUTFLOW_WINDOW_DAYS + BACKTEST_LEAD_DAYS; t < totals.length; t++) {
    const made = t - BACKTEST_LEAD_DAYS;
    const then = toDec(totals[made]);
    const daily = roundHalfUp(
      toDec(totals[made - OUTFLOW_WINDOW_DAYS])
        .minus(then)
        .div(OUTFLOW_WINDOW_DAYS),
      places,
    );
    // As the page draws it: a balance that grew does not grow on in the forecast.
    const projected = then.minus(Dec.max(daily, 0).times(BACKTEST_LEAD_DAYS));
    const actual = toDec(totals[t]);
    const error = projected.minus(actual);
    absError = absError.plus(error.abs());
    naiveAbsError = naiveAbsError.plus(then.minus(actual).abs());
    judged.push({ day: days[t], projected: at(projected), actual: at(actual), error: at(error) });
  }
  const n = Math.max(judged.length, 1);
  const mae = absError.div(n);
  const naive = naiveAbsError.div(n);
  return {
    currency,
    days: judged,
    meanAbsError: at(mae),
    naiveMeanAbsError: at(naive),
    ratio: naive.isZero() ? null : roundHalfUp(mae.div(naive), 2).toFixed(2),
  };
}
