import { Link } from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/badge";
import { type Column, DataTable } from "@/components/ui/data-table";
import { humanizeStatus } from "@/components/ui/status-tone";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { formatMoney } from "@/lib/money/format";
import type { RequestRow } from "@/lib/dashboard/request-rows";

const COLUMNS: Column<RequestRow>[] = [
  {
    header: "Request",
    cell: (r) => (
      <>
        <Link
          href={`/settlement-requests/${r.id}`}
          className="block max-w-[16rem] truncate font-medium text-accent-700 hover:underline"
          title={r.external_id ?? r.id}
        >
          {r.external_id ?? <span className="font-mono text-xs">{r.id.slice(0, 8)}…</span>}
        </Link>
        {r.external_id ? <span className="block font-mono text-xs text-slate-500">{r.id.slice(0, 8)}…</span> : null}
      </>
    ),
  },
  { header: "Status", cell: (r) => <StatusBadge status={r.status} /> },
  { header: "Type", className: "text-xs text-slate-600", cell: (r) => humanizeStatus(r.type) },
  {
    header: "Payer sends",
    numeric: true,
    cell: (r) => formatMoney(r.payment_instructions.amount, r.payment_instructions.currency),
  },
  {
    header: "Recipient gets",
    numeric: true,
    cell: (r) => formatMoney(r.payment_instructions.destination_amount, r.payment_instructions.destination_currency),
  },
  {
    header: "Created",
    className: "text-xs whitespace-nowrap text-slate-600",
    cell: (r) => formatShortDateTime(r.created_at),
  },
];

/** One row per request, newest first; the id or external_id opens the request. */
export function RequestsTable({ rows }: { rows: RequestRow[] }) {
  return <DataTable caption="Settlement requests" columns={COLUMNS} rows={rows} rowTestId="request-row" />;
}
