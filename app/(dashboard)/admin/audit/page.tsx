import { Link } from "@/components/ui/link";
import { NotAllowed } from "@/components/auth/not-allowed";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { DataTable } from "@/components/ui/data-table";
import { auditFacets, listAudit } from "@/lib/auth/audit";
import { auditHref, dayRange, decodeCursor, encodeCursor, parseAuditQuery } from "@/lib/auth/audit-query";
import { consoleRead } from "@/lib/auth/console-read";
import { auditActionLabel, auditResultLabel } from "@/lib/auth/audit-labels";
import { formatSecond } from "@/lib/dashboard/format-date";
import { AuditLogCard } from "@/components/admin/audit-log-card";
import { auditLogSummary, placesOf } from "@/lib/audit-log/store";
import { auditTargetNames } from "@/lib/page-data/audit-targets";

export const metadata = { title: "Audit trail" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const gate = await consoleRead({ permission: "audit:read", environment: null });
  if (!gate.ok) return <NotAllowed message="Only administrators read the audit trail." />;

  const query = parseAuditQuery(await searchParams);
  const { db } = gate;
  const [{ rows, more }, facets, summary] = await Promise.all([
    listAudit(db, {
      userId: query.user,
      action: query.action,
      result: query.result,
      environment: query.environment,
      ...dayRange(query),
      before: decodeCursor(query.before),
      limit: 50,
    }),
    auditFacets(db),
    auditLogSummary(db),
  ]);
  const [places, targets] = await Promise.all([
    placesOf(
      db,
      rows.map((r) => r.id),
    ),
    auditTargetNames(
      db,
      rows.flatMap((r) => (r.targetId ? [r.targetId] : [])),
    ),
  ]);
  const last = rows.at(-1);
  const filtered = Boolean(query.user || query.action || query.result || query.environment || query.from || query.to);

  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every change made through the console, and every refused attempt: who, when, what, where, and how it ended. Times in UTC."
      />
      <AuditLogCard summary={summary} from={query.from} to={query.to} />
      <form
        className="mb-5 grid gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)] sm:grid-cols-3 lg:grid-cols-7 lg:items-end"
        aria-label="Filter the audit trail"
      >
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor="f-user">Person</Label>
          <Select
            id="f-user"
            name="user"
            defaultValue={query.user ?? ""}
            placeholder="Everyone"
            options={facets.users.map((u) => ({ value: u.userId, label: u.email }))}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="f-action">Action</Label>
          <Select
            id="f-action"
            name="action"
            defaultValue={query.action ?? ""}
            placeholder="Any action"
            options={facets.actions.map((a) => ({ value: a, label: auditActionLabel(a) }))}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="f-result">Result</Label>
          <Select
            id="f-result"
            name="result"
            defaultValue={query.result ?? ""}
            placeholder="Any result"
            options={[
              { value: "ok", label: "Succeeded" },
              { value: "error", label: "Failed or refused" },
            ]}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="f-from">From</Label>
          <Input id="f-from" name="from" type="date" defaultValue={query.from} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="f-to">To</Label>
          <Input id="f-to" name="to" type="date" defaultValue={query.to} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClasses({ className: "flex-1" })}>
            Filter
          </button>
          {filtered ? (
            <Link href="/admin/audit" className={buttonClasses({ variant: "ghost" })}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>

      <DataTable
        caption="Audit trail, newest first"
        columns={[
          {
            header: "Place",
            className: "whitespace-nowrap tabular-nums text-slate-500",
            cell: (row) => {
              const seq = places.get(row.id);
              return seq === undefined ? (
                <span title="Written before the verifiable log began">—</span>
              ) : (
                <span data-testid="audit-place">#{seq.toLocaleString("en-US")}</span>
              );
            },
          },
          {
            header: "When (UTC)",
            className: "whitespace-nowrap tabular-nums text-slate-500",
            cell: (row) => formatSecond(row.at, false),
          },
          {
            header: "Who",
            cell: (row) => (
              <>
                <p className="text-slate-900">
                  {row.userEmail ?? <span className="text-slate-500">nobody signed in</span>}
                </p>
                {row.role ? <p className="text-xs text-slate-500">{row.role}</p> : null}
              </>
            ),
          },
          {
            header: "Action",
            cell: (row) => (
              <>
                <p className="text-sm text-slate-900" title={row.action}>
                  {auditActionLabel(row.action)}
                </p>
                {row.detail ? <p className="text-xs text-slate-500">{row.detail}</p> : null}
                {row.repeats > 1 ? (
                  <p className="text-xs font-medium text-slate-700" data-testid="audit-repeats">
                    {row.repeats.toLocaleString("en-US")} times this hour
                  </p>
                ) : null}
              </>
            ),
          },
          {
            header: "Target",
            className: "max-w-56 text-xs break-words",
            title: (row) => row.targetId ?? undefined,
            cell: (row) => {
              if (!row.targetId) return <span className="text-slate-500">—</span>;
              const name = targets.get(row.targetId);
              // People and things by name, the id on hover (issue 59); an id nothing names stays an id.
              return name ? (
                <span className="text-slate-800" data-testid="audit-target">
                  {name}
                </span>
              ) : (
                <span className="font-mono text-slate-700" data-testid="audit-target">
                  {row.targetId}
                </span>
              );
            },
          },
          {
            header: "Environment",
            cell: (row) =>
              row.environment ? (
                <Badge tone={row.environment === "production" ? "warning" : "accent"}>{row.environment}</Badge>
              ) : (
                <span className="text-slate-500">—</span>
              ),
          },
          {
            header: "Result",
            cell: (row) => (
              <Badge tone={row.result === "ok" ? "success" : "danger"} dot>
                <span title={row.result}>{auditResultLabel(row.result)}</span>
              </Badge>
            ),
          },
        ]}
        rows={rows}
        rowTestId="audit-row"
        rowProps={(row) => ({ "data-action": row.action, "data-result": row.result })}
        empty={filtered ? "Nothing matches these filters." : "Nothing has been recorded yet."}
      />
      <div className="mt-4 flex justify-end gap-2">
        {query.before ? (
          <Link
            href={auditHref({ ...query, before: undefined })}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Newest
          </Link>
        ) : null}
        {more && last ? (
          <Link
            href={auditHref({ ...query, before: encodeCursor(last.at, last.id) })}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Older
          </Link>
        ) : null}
      </div>
    </>
  );
}
