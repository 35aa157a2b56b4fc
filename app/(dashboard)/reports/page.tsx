import { maskUrlSecrets } from "@/lib/schemas/mask";
import { NotAllowed } from "@/components/auth/not-allowed";
import { RefreshWhileRunning } from "@/components/reports/refresh-while-running";
import { ReportForm } from "@/components/reports/report-form";
import { RetryRunButton, ScheduleSwitch } from "@/components/reports/run-actions";
import { ScheduleForm } from "@/components/reports/schedule-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { dayIn } from "@/lib/dates/calendar";
import { consoleRead } from "@/lib/auth/console-read";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { can } from "@/lib/auth/permissions";
import { formatMinute } from "@/lib/dashboard/format-date";
import { env } from "@/lib/env";
import { REPORT_LABELS } from "@/lib/reports/catalog";
import { downloadPath, LINK_HOURS } from "@/lib/reports/download-link";
import { listSchedules } from "@/lib/reports/schedules";
import { listRuns } from "@/lib/reports/store";

export const metadata = { title: "Reports" };

const STATUS_TONE = { queued: "neutral", running: "info", succeeded: "success", failed: "danger" } as const;
const size = (bytes: number | null) =>
  bytes === null
    ? "—"
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Reports (issue 46): settlement requests, payments, disbursements, the balance statement and
 * reconciliation for a month, as CSV or XLSX, made in the background; each run with its row
 * count, size, SHA-256 manifest and a download link that expires. Everyone reads them;
 * finance and admin run them (developers in sandbox).
 */
export default async function ReportsPage() {
  const environment = await getEnvironment();
  const gate = await consoleRead({ permission: "read", environment });
  if (!gate.ok) return <NotAllowed message="Sign in to see reports." />;
  const [list, schedules] = await Promise.all([listRuns(gate.db, environment), listSchedules(gate.db, environment)]);
  const runs = can(gate.actor.role, "reports:run", environment);
  const period = dayIn(env().MERCHANT_TIME_ZONE, await nowFor(environment)).slice(0, 7);
  const withLinks = list.map((r) => ({ ...r, link: r.status === "succeeded" ? downloadPath(r.id) : null }));
  return (
    <>
      <PageHeader
        title="Reports"
        description={`A month of ${environment} in the files accountants import: CSV (amounts in major units, with a currency column) or XLSX, each with a SHA-256 manifest.`}
      />
      <RefreshWhileRunning running={list.some((r) => r.status === "queued" || r.status === "running")} />
      {runs ? (
        <div className="mb-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
          <Card title="Run a report" description="Made in the background: it appears in the list when it is ready.">
            <ReportForm period={period} />
          </Card>
          <Card
            title="Schedule a report"
            description="Midnight in the merchant's time zone; monthly runs close the month just ended."
          >
            <ScheduleForm />
          </Card>
        </div>
      ) : null}
      <div className="min-w-0">
        <div className="min-w-0">
          <DataTable
            caption="Report runs"
            rowTestId="report-run"
            rowProps={(r) => ({ "data-id": r.id, "data-status": r.status, "data-definition": r.definition })}
            empty="No reports run yet."
            rows={withLinks}
            columns={[
              {
                header: "Report",
                className: "font-medium text-slate-900",
                cell: (r) => (
                  <>
                    {REPORT_LABELS[r.definition].label}, {r.period}
                    {r.manifest?.partial && r.manifest.through ? (
                      // Read before the month ended (issue 57): the file says what it holds.
                      <span className="mt-0.5 block text-xs font-normal text-amber-800" data-testid="report-partial">
                        Partial: the month so far, through {formatMinute(r.manifest.through)}
                      </span>
                    ) : null}
                  </>
                ),
              },
              { header: "Format", className: "uppercase text-xs text-slate-600", cell: (r) => r.format },
              {
                header: "Status",
                cell: (r) => (
                  <Badge tone={STATUS_TONE[r.status]} title={r.error ?? undefined}>
                    {r.status}
                  </Badge>
                ),
              },
              { header: "Rows", numeric: true, cell: (r) => (r.rows === null ? "—" : r.rows.toLocaleString("en-US")) },
              { header: "Size", numeric: true, cell: (r) => size(r.bytes) },
              {
                header: "SHA-256",
                className: "font-mono text-xs text-slate-500",
                cell: (r) =>
                  r.sha256 ? (
                    <span className="inline-flex items-center gap-1">
                      {r.sha256.slice(0, 12)}…
                      <CopyButton value={r.sha256} label="Copy the SHA-256" />
                    </span>
                  ) : (
                    (r.error ?? "—")
                  ),
              },
              {
                header: "Download",
                cell: (r) =>
                  r.link ? (
                    <span className="inline-flex flex-wrap gap-x-3 text-sm">
                      <a href={r.link} className="text-accent-700 hover:underline" data-testid="report-download">
                        File
                      </a>
                      <a href={`${r.link}?manifest=1`} className="text-accent-700 hover:underline">
                        Manifest
                      </a>
                    </span>
                  ) : (
                    "—"
                  ),
              },
              {
                header: "By",
                className: "text-xs text-slate-500",
                cell: (r) => (
                  <>
                    {r.requestedBy}, {formatMinute(r.createdAt)}
                    {r.delivery ? (
                      <span className="block" data-testid="run-delivery" data-delivery={r.delivery.status}>
                        Webhook {r.delivery.status} ({r.delivery.detail}, {r.delivery.attempts} attempt
                        {r.delivery.attempts === 1 ? "" : "s"})
                      </span>
                    ) : null}
                    {r.status === "failed" && runs ? <RetryRunButton id={r.id} /> : null}
                  </>
                ),
              },
            ]}
          />
          {schedules.length > 0 ? (
            <section className="mt-6 space-y-2">
              <h2 className="text-sm font-medium text-slate-900">Schedules</h2>
              <DataTable
                caption="Report schedules"
                rowTestId="report-schedule"
                empty="No schedules."
                rows={schedules}
                columns={[
                  {
                    header: "Report",
                    className: "font-medium",
                    cell: (s) => `${REPORT_LABELS[s.definition].label}, ${s.format.toUpperCase()}`,
                  },
                  { header: "Every", cell: (s) => s.cadence },
                  {
                    header: "Next",
                    className: "text-xs",
                    cell: (s) => (s.enabled ? formatMinute(s.nextRunAt) : "paused"),
                  },
                  {
                    header: "Webhook",
                    className: "break-all font-mono text-xs text-slate-500",
                    cell: (s) => (s.webhookUrl ? maskUrlSecrets(s.webhookUrl) : "—"),
                  },
                  { header: "", cell: (s) => (runs ? <ScheduleSwitch id={s.id} enabled={s.enabled} /> : null) },
                ]}
              />
            </section>
          ) : null}
          <p className="mt-2 text-xs text-slate-500">
            Download links work without signing in for {LINK_HOURS} hours; reload the page for new ones. Files are kept
            30 days.
          </p>
        </div>
      </div>
    </>
  );
}
