"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import { humanizeStatus } from "@/components/ui/status-tone";
import type { VolumeSeries } from "@/lib/dashboard/summary-view";
import { formatMoney } from "@/lib/money/format";

const loading = () => <Skeleton className="h-[180px]" />;
/** The chart library loads here, after the page, and only on the overview. */
const VolumeChart = dynamic(() => import("./summary-charts-impl").then((m) => m.VolumeChart), { ssr: false, loading });
const StatusChart = dynamic(() => import("./summary-charts-impl").then((m) => m.StatusChart), { ssr: false, loading });

/** A chart with its accessible name and the same figures as a table (for screen readers, and to copy). */
function ChartFigure({
  name,
  testId,
  chart,
  table,
}: {
  name: string;
  testId: string;
  chart: React.ReactNode;
  table: React.ReactNode;
}) {
  return (
    <figure
      className="min-w-0 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]"
      data-testid={testId}
    >
      <figcaption className="mb-2 text-sm font-medium text-slate-900">{name}</figcaption>
      <div role="img" aria-label={`${name} (chart; the table view below has the figures)`}>
        {chart}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-xs font-medium text-accent-700">Table view</summary>
        <div className="mt-2 max-h-64 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

export function SummaryCharts({
  series,
  counts,
}: {
  series: VolumeSeries[];
  counts: Array<{ status: string; count: number }>;
}) {
  const labelled = counts.map((c) => ({ label: humanizeStatus(c.status), count: c.count }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {series.length === 0 ? (
        <figure
          className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600"
          data-testid="chart-volume-empty"
        >
          <figcaption className="font-medium text-slate-900">Settled volume per day</figcaption>
          Nothing settled in this range yet.
        </figure>
      ) : (
        series.map((s) => (
          <ChartFigure
            key={s.currency}
            name={`Settled volume per day, ${s.currency}`}
            testId={`chart-volume-${s.currency}`}
            chart={<VolumeChart series={s} />}
            table={
              <table className="w-full text-left text-xs">
                <thead>
                  <tr className="text-slate-500">
                    <th scope="col" className="py-1 font-medium">
                      Day (UTC)
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Requests
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Settled
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.days
                    .filter((d) => d.count > 0)
                    .map((d) => (
                      <tr key={d.day} className="border-t border-slate-100">
                        <td className="py-1">{d.day}</td>
                        <td className="py-1 text-right tabular-nums">{d.count}</td>
                        <td className="py-1 text-right tabular-nums">{formatMoney(d.exact, s.currency)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            }
          />
        ))
      )}
      <ChartFigure
        name="Requests by status"
        testId="chart-statuses"
        chart={
          counts.length > 0 ? (
            <StatusChart counts={labelled} />
          ) : (
            <p className="py-6 text-sm text-slate-600">No requests in this range.</p>
          )
        }
        table={
          <table className="w-full text-left text-xs">
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 font-medium">
                  Status
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Requests
                </th>
              </tr>
            </thead>
            <tbody>
              {labelled.map((c) => (
                <tr key={c.label} className="border-t border-slate-100">
                  <td className="py-1">{c.label}</td>
                  <td className="py-1 text-right tabular-nums">{c.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </div>
  );
}
