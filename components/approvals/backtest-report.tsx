import { Link } from "@/components/ui/link";
import { MOST_ROWS_TEXT } from "@/lib/approvals/backtest-limits";
import { CONTROLLED_ACTION_LABELS } from "@/lib/approvals/rule-catalog";
import type { BacktestResult } from "@/lib/approvals/types";
import { formatMoney } from "@/lib/money/format";

const time = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** What a draft rule would have held: counts, amounts per currency and a sample that links to each. */
export function BacktestReport({ report }: { report: BacktestResult }) {
  return (
    <div className="space-y-4" data-testid="backtest-report">
      <p className="text-sm text-slate-800">
        Over the last {report.days} days it would have held <strong data-testid="backtest-held">{report.held}</strong>{" "}
        of {report.scanned} submissions.
      </p>
      {report.amounts.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {report.amounts.map((a) => (
            <li key={a.currency} className="rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-800 tabular-nums">
              {formatMoney(a.amount, a.currency)}
            </li>
          ))}
        </ul>
      ) : null}
      {report.sample.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {report.sample.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <Link href={s.href} className="min-w-0 font-mono text-xs break-all text-accent-700 hover:underline">
                {s.label}
              </Link>
              <span className="text-xs text-slate-500">
                {CONTROLLED_ACTION_LABELS[s.action]}, {s.environment}, {time.format(new Date(s.createdAt))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {report.capped ? <p className="text-xs text-amber-800">{MOST_ROWS_TEXT}</p> : null}
      {report.errors.map((e) => (
        <p key={e} className="text-xs text-red-700">
          Not read: {e}
        </p>
      ))}
    </div>
  );
}
