import { Link } from "@/components/ui/link";
import { describeError } from "@/lib/dashboard/action-result";
import { formatDuration, percent, SUMMARY_RANGES, volumeSeries, type SummaryRange } from "@/lib/dashboard/summary-view";
import { formatMoney } from "@/lib/money/format";
import { cn } from "@/lib/ui/cn";
import { rangeStart, summaryFrom } from "@/lib/page-data/overview-summary";
import { SummaryCharts } from "./summary-charts";

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-semibold break-words text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </p>
      {detail ? <p className="mt-0.5 text-xs text-slate-600">{detail}</p> : null}
    </div>
  );
}

/**
 * Finance at a glance over the last 7, 30 or 90 days, from the service's summary (one query):
 * settled count and rates, time to settle, fees, then the charts (loaded after the page).
 */
export async function FinanceSummary({ range }: { range: SummaryRange }) {
  const result = await summaryFrom(rangeStart(range));
  return (
    <section aria-labelledby="finance-heading" className="mb-8" data-testid="finance-summary">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="finance-heading" className="text-sm font-semibold text-slate-900">
          Settlements, last {range} days
        </h2>
        <nav aria-label="Range" className="inline-flex rounded-md border border-slate-200 bg-white p-0.5">
          {SUMMARY_RANGES.map((r) => (
            <Link
              key={r}
              href={`/?range=${r}`}
              aria-current={r === range ? "true" : undefined}
              className={cn(
                "rounded px-2.5 py-1 text-xs font-medium",
                r === range ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {r} days
            </Link>
          ))}
        </nav>
      </div>
      {!result.ok ? (
        <p role="status" className="text-sm text-slate-600">
          Figures unavailable: {describeError(result.error)}
        </p>
      ) : (
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Figure
              label="Settled"
              value={String(result.data.settled)}
              detail={`of ${result.data.total} created in the range`}
              testId="summary-settled"
            />
            <Figure
              label="Success rate"
              value={percent(result.data.success_rate)}
              detail={endedDetail(result.data)}
              testId="summary-success-rate"
            />
            <Figure
              label="Time to settle"
              value={formatDuration(result.data.time_to_settle.median_seconds)}
              detail={`median; 90th percentile ${formatDuration(result.data.time_to_settle.p90_seconds)}`}
              testId="summary-time-to-settle"
            />
            <Figure
              label="Fees collected"
              value={result.data.fees.map((f) => formatMoney(f.amount, f.currency)).join(" · ") || "—"}
              detail="on settled requests"
              testId="summary-fees"
            />
          </div>
          <SummaryCharts series={volumeSeries(result.data)} counts={result.data.counts_by_status} />
        </div>
      )}
    </section>
  );
}

/**
 * How the requests that ended, ended: failed, and the rest (expired, canceled, refunded) named
 * too, so the three add up to 100% (issue 35, finding 14: 83% that expired went unsaid).
 */
function endedDetail(s: { settled: number; failed: number; other_ended: number; failure_rate: number | null }): string {
  const ended = s.settled + s.failed + s.other_ended;
  if (ended === 0) return "no request has ended in the range";
  return `of ${ended} that ended; failed ${percent(s.failed / ended)}, expired or canceled ${percent(s.other_ended / ended)}`;
}
