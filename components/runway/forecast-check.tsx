import { formatMoney } from "@/lib/money/format";
import { BACKTEST_DAYS, BACKTEST_LEAD_DAYS, type Backtest } from "@/lib/runway/backtest";
import { STABLECOINS } from "@/lib/schemas/catalog";

/**
 * The runway's own accuracy (issue 64 ★, decisions D25.8): the forecast replayed over each
 * currency's last weeks on this environment's clock, beside the naive forecast.
 */
export function ForecastCheck({ checks }: { checks: ReadonlyArray<Backtest | null> }) {
  const moved = checks.filter((c): c is Backtest => c !== null && c.naiveMeanAbsError !== c.meanAbsError);
  const unread = STABLECOINS.filter((_, i) => checks[i] === null);
  return (
    <div className="mt-3 text-xs text-slate-500" data-testid="runway-forecast-check">
      <p>
        How good the forecast has been: for each of the last {BACKTEST_DAYS} whole days, what the runway would have
        projected {BACKTEST_LEAD_DAYS} days before, set against the balance the day ended on.
        {moved.length === 0 ? " Nothing moved in those weeks, so there is nothing to judge yet." : ""}
      </p>
      {moved.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {moved.map((c) => (
            <li key={c.currency} data-testid={`forecast-check-${c.currency}`}>
              {c.currency}: off by {formatMoney(c.meanAbsError, c.currency)} on average; keeping the balance as it was
              would have been off by {formatMoney(c.naiveMeanAbsError, c.currency)}
              {c.ratio === null ? "" : ` (ratio ${c.ratio}: under 1, the forecast does better)`}.
            </li>
          ))}
        </ul>
      )}
      {unread.length > 0 && (
        <p className="mt-1">
          Not replayed for {unread.join(", ")}: its statement could not be read, or it has more than 1,000 movements in
          those weeks.
        </p>
      )}
    </div>
  );
}
