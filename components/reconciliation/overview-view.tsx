import { Card } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { EXCEPTION_LABELS } from "@/lib/reconciliation/labels";
import type { ExceptionKind } from "@/lib/reconciliation/types";
import { reconHref } from "./recon-tabs";

type Summary = {
  expected: { open: number; matched: number; exception: number; resolved: number; written_off: number };
  openExceptions: number;
  matches: number;
};

/** The month at a glance: how much is matched, what is left, and the queue by kind. */
export function OverviewView({
  period,
  summary,
  byKind,
}: {
  period: string;
  summary: Summary;
  byKind: Array<{ kind: ExceptionKind; count: number }>;
}) {
  const e = summary.expected;
  const total = e.open + e.matched + e.exception + e.resolved + e.written_off;
  const share = total === 0 ? null : Math.floor(((e.matched + e.resolved) * 1000) / total) / 10;
  const tiles = [
    { label: "Expected", value: total.toLocaleString("en-US"), hint: "settlements recorded for the month" },
    {
      label: "Matched",
      value: share === null ? "—" : `${share} %`,
      // Open ones are still within their window (a payout the API instructed waits a week): not yet exceptions.
      hint: `${(e.matched + e.resolved).toLocaleString("en-US")} matched or resolved${e.open > 0 ? `, ${e.open.toLocaleString("en-US")} still waiting` : ""}`,
    },
    { label: "In the queue", value: summary.openExceptions.toLocaleString("en-US"), hint: "exceptions to work" },
    { label: "Written off", value: e.written_off.toLocaleString("en-US"), hint: "closed without a payment" },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="recon-summary">
        {tiles.map((t) => (
          <div
            key={t.label}
            className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]"
          >
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{t.value}</dd>
            <dd className="mt-0.5 text-xs text-slate-500">{t.hint}</dd>
          </div>
        ))}
      </dl>
      <Card title="The exception queue" description="What matching would not decide, by kind.">
        {byKind.length === 0 ? (
          <p className="text-sm text-slate-600">
            {total === 0
              ? "Nothing expected yet for this month: record expected settlements, import a CSV, or (in sandbox) create an exception pack."
              : "No open exceptions."}
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {byKind.map((k) => (
              <li key={k.kind}>
                <Link
                  href={reconHref({ period, view: "exceptions", kind: k.kind })}
                  className="flex items-center justify-between rounded-lg border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50"
                >
                  <span className="text-slate-800">{EXCEPTION_LABELS[k.kind]}</span>
                  <span className="font-semibold tabular-nums text-slate-900">{k.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
