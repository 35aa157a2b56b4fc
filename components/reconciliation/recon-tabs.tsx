import { Link } from "@/components/ui/link";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import type { ReconView } from "@/lib/reconciliation/labels";
import { cn } from "@/lib/ui/cn";
import { ScrollingTabs } from "@/components/ui/scrolling-tabs";

const TABS: Array<{ view: ReconView; label: string }> = [
  { view: "overview", label: "Overview" },
  { view: "exceptions", label: "Exceptions" },
  { view: "matches", label: "Matches" },
  { view: "expected", label: "Expected" },
  { view: "close", label: "Close the month" },
  { view: "rules", label: "Rules" },
];

export const reconHref = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  return `/reconciliation${q.size > 0 ? `?${q}` : ""}`;
};

const shift = (period: string, by: number) => {
  const [y, m] = period.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};

const monthName = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** The month shown (previous and next by link) and the views of it, as links that keep the month. */
export function ReconTabs({
  period,
  view,
  openExceptions,
}: {
  period: string;
  view: ReconView;
  openExceptions: number;
}) {
  return (
    <div className="mb-6 space-y-4">
      <nav aria-label="Month" className="flex items-center gap-2">
        <Link
          href={reconHref({ period: shift(period, -1), view })}
          className="grid size-8 place-items-center rounded-md border border-slate-200 bg-white text-slate-600 hover:bg-slate-50"
          aria-label={`Previous month, ${monthName(shift(period, -1))}`}
        >
          <ChevronLeftIcon className="size-4" />
        </Link>
        <p
          className="min-w-36 text-center text-sm font-semibold text-slate-900"
          data-testid="recon-period"
          data-period={period}
        >
          {monthName(period)}
        </p>
        <Link
          href={reconHref({ period: shift(period, 1), view })}
          className="grid size-8 place-items-center rounded-md border border-slate-200 bg-white text-slate-600 hover:bg-slate-50"
          aria-label={`Next month, ${monthName(shift(period, 1))}`}
        >
          <ChevronRightIcon className="size-4" />
        </Link>
      </nav>
      <ScrollingTabs
        label="Reconciliation views"
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1"
      >
        {TABS.map((t) => (
          <Link
            key={t.view}
            href={reconHref({ period, view: t.view === "overview" ? undefined : t.view })}
            aria-current={t.view === view ? "page" : undefined}
            className={cn(
              "-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
              t.view === view
                ? "border-accent-600 text-accent-800"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
            )}
          >
            {t.label}
            {t.view === "exceptions" && openExceptions > 0 ? (
              <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 text-xs text-amber-900">{openExceptions}</span>
            ) : null}
          </Link>
        ))}
      </ScrollingTabs>
    </div>
  );
}
