import { Link } from "@/components/ui/link";
import { Skeleton } from "@/components/ui/skeleton";
import { statusTone, type Tone } from "@/components/ui/status-tone";
import { listSettlementRequests } from "@/lib/settlement-requests/actions/list-settlement-requests";
import { describeError } from "@/lib/dashboard/action-result";
import { rangeStart, summaryFrom } from "@/lib/page-data/overview-summary";

/** Status groups cover the requests created in these last days (the summary's running counts). */
const DAYS = 30;

/** Groups of statuses people care about at a glance, by the badge tone they share. */
const GROUPS: Array<{ tone: Tone; label: string; dot: string }> = [
  { tone: "info", label: "Awaiting funds", dot: "bg-sky-500" },
  { tone: "warning", label: "In progress", dot: "bg-amber-500" },
  { tone: "success", label: "Settled", dot: "bg-emerald-500" },
  { tone: "danger", label: "Failed", dot: "bg-red-500" },
  { tone: "muted", label: "Canceled, expired", dot: "bg-slate-400" },
];

/**
 * Small live figures: every request's count, and the last 30 days' requests by status group.
 * Both come from running counts (the list's total and the summary, D6.6), so they cost the same
 * on a year of history as on a demo. A server component in its own Suspense boundary, so the
 * task cards never wait for it.
 */
export async function LiveFigures() {
  const [list, summary] = await Promise.all([
    listSettlementRequests({ page: 1, page_size: 1 }),
    summaryFrom(rangeStart(DAYS)),
  ]);
  const failure = !list.ok ? list.error : !summary.ok ? summary.error : null;
  if (failure || !list.ok || !summary.ok) {
    return (
      <p className="text-sm text-slate-500" role="status">
        Live figures unavailable: {failure ? describeError(failure) : null}
      </p>
    );
  }
  const { pagination } = list.data;
  const counts = new Map<Tone, number>();
  for (const { status, count } of summary.data.counts_by_status)
    counts.set(statusTone(status), (counts.get(statusTone(status)) ?? 0) + count);
  return (
    <div className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6" data-testid="live-figures">
      <Link
        href="/settlement-requests"
        className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)] transition hover:border-accent-200"
      >
        <p className="text-xs font-medium text-slate-500">Settlement requests</p>
        <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid="figure-total">
          {pagination.total}
        </p>
      </Link>
      {GROUPS.map((g) => (
        <div
          key={g.tone}
          className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]"
        >
          <p className="flex items-center gap-1.5 text-xs font-medium whitespace-nowrap text-slate-500" title={g.label}>
            <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${g.dot}`} />
            <span className="truncate">{g.label}</span>
          </p>
          <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid={`figure-${g.tone}`}>
            {counts.get(g.tone) ?? 0}
          </p>
        </div>
      ))}
      <p className="text-xs text-slate-500 sm:col-span-3 xl:col-span-6">
        Status groups count the requests created in the last {DAYS} days.
      </p>
    </div>
  );
}

export function LiveFiguresSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count, never reordered
        <Skeleton key={i} className="h-[78px] rounded-[var(--radius-card)]" />
      ))}
    </div>
  );
}
