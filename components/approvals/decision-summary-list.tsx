import { AlertIcon } from "@/components/ui/icons";
import type { DecisionSummary } from "@/lib/approvals/decision-summary";

/** The approver's summary (lib/approvals/decision-summary.ts): every line whole, wrapped, never cut; warnings first. */
export function DecisionSummaryList({ summary }: { summary: DecisionSummary }) {
  return (
    <div className="space-y-3" data-testid="decision-summary">
      {summary.warnings.length > 0 ? (
        <ul className="space-y-1.5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {summary.warnings.map((w) => (
            <li key={w} className="flex gap-2">
              <AlertIcon className="mt-0.5 size-4 shrink-0" />
              <span>{w}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="divide-y divide-slate-100 text-sm">
        {summary.lines.map((line) => (
          <div key={line.label} className="grid gap-1 py-2 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
            <dt className="text-slate-500">{line.label}</dt>
            <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
