import { BatchStatusBadge } from "@/components/batches/batch-status-badge";
import { NewBatchForm } from "@/components/batches/new-batch-form";
import { NotAllowed } from "@/components/auth/not-allowed";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { DownloadIcon } from "@/components/ui/icons";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { listBatches } from "@/lib/batches/store";
import { BATCH_KIND_LABELS, TEMPLATE_NAMES, TEMPLATES, type BatchKind } from "@/lib/batches/templates";
import { consoleRead } from "@/lib/auth/console-read";
import { can } from "@/lib/auth/permissions";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { formatMoney } from "@/lib/money/format";
import { formatMinute } from "@/lib/dashboard/format-date";

export const metadata = { title: "Batches" };

/** Batch payouts: the environment's batches, newest first, and a new one from a CSV file (for those who may create what the rows create). */
export default async function BatchesPage() {
  const environment = await getEnvironment();
  const gate = await consoleRead({ permission: "read", environment });
  if (!gate.ok) return <NotAllowed message="Sign in to see batches." />;
  const { db } = gate;
  const rows = (await listBatches(db, environment)).map((b) => ({ ...b }));
  const role = gate.actor.role;
  const kinds: BatchKind[] = [
    ...(can(role, "disbursement:create", environment) ? (["disbursement"] as const) : []),
    ...(can(role, "settlement:create", environment) ? (["settlement_request"] as const) : []),
  ];
  const maker = kinds.length > 0 && can(role, "batches:manage", environment);
  return (
    <>
      <PageHeader
        title="Batches"
        description={`Many payouts from one CSV file in ${environment}: every row checked, a dry run in sandbox, one approval for the whole file, then each row sent once.`}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <DataTable
            caption={`${environment} batches`}
            columns={[
              {
                header: "File",
                className: "min-w-44 font-medium text-slate-900",
                cell: (b) => (
                  <Link href={`/batches/${b.id}`} className="break-words text-accent-700 hover:underline">
                    {b.fileName}
                  </Link>
                ),
              },
              {
                header: "Kind",
                className: "text-slate-600",
                cell: (b) => (b.kind === "disbursement" ? "Disbursements" : "Settlement requests"),
              },
              { header: "Rows", numeric: true, cell: (b) => b.rowCount.toLocaleString("en-US") },
              {
                header: "Total",
                className: "text-slate-700",
                cell: (b) => (b.totals ? b.totals.map((t) => formatMoney(t.amount, t.currency)).join(", ") : "—"),
              },
              { header: "Status", cell: (b) => <BatchStatusBadge status={b.status} progress={b.outcome} /> },
              {
                header: "Uploaded",
                className: "text-xs text-slate-500",
                cell: (b) => `${formatMinute(b.createdAt)} by ${b.createdByEmail}`,
              },
            ]}
            rows={rows}
            rowTestId="batch-row"
            empty={maker ? "No batches yet: upload a file to start one." : "No batches yet."}
          />
        </div>
        <div className="min-w-0 space-y-6">
          {maker ? (
            <Card title="New batch" description="Nothing is sent when you upload: the file opens for review.">
              <NewBatchForm environment={environment} kinds={kinds} />
            </Card>
          ) : null}
          <Card
            title="Templates"
            description="One per kind, with the columns of each destination and valid example rows."
          >
            <ul className="space-y-2 text-sm">
              {TEMPLATE_NAMES.map((name) => (
                <li key={name} className="flex items-center justify-between gap-3">
                  <span className="text-slate-700">
                    {TEMPLATES[name].label}
                    <span className="block text-xs text-slate-500">{BATCH_KIND_LABELS[TEMPLATES[name].kind]}</span>
                  </span>
                  <a
                    href={`/batches/templates/${name}`}
                    download
                    className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 font-medium text-accent-700 hover:bg-accent-50"
                    data-testid={`template-${name}`}
                  >
                    <DownloadIcon className="size-4" /> CSV
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </>
  );
}
