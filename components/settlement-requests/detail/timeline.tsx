import { StatusBadge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/dashboard/format-date";
import type { SettlementHistoryEntry } from "@/lib/schemas/settlement-request-response";

const CAUSE_LABEL: Record<string, string> = {
  api: "API call",
  sandbox: "Sandbox simulation",
  payment: "Payment update",
  scheduler: "Scheduler",
};

/** The request's moves, oldest first: time, from → to, and what caused it. */
export function Timeline({ entries }: { entries: SettlementHistoryEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">No history recorded yet.</p>;
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="timeline">
      {entries.map((e, i) => (
        <li key={`${e.at}-${i}`} className="relative" data-testid="timeline-entry" data-to={e.to}>
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-white ring-2 ring-accent-500" />
          <div className="flex flex-wrap items-center gap-1.5 text-sm">
            {e.from ? (
              <>
                <StatusBadge status={e.from} />
                <span aria-label="to" className="text-slate-400">→</span>
              </>
            ) : (
              <span className="text-slate-600">Created as</span>
            )}
            <StatusBadge status={e.to} />
          </div>
          <p className="mt-1 text-xs text-slate-500">
            <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {CAUSE_LABEL[e.cause] ?? e.cause}
            {e.payment_id ? <> · payment <span className="font-mono">{e.payment_id.slice(0, 8)}</span></> : null}
          </p>
          {e.detail ? <p className="mt-0.5 text-xs text-slate-600">{e.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}
