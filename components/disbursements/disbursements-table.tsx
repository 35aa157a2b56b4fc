import { StatusBadge } from "@/components/ui/badge";
import { type Column, DataTable, idColumn } from "@/components/ui/data-table";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { railLabel } from "@/lib/dashboard/routes";
import type { ListedDisbursement } from "@/lib/disbursements/types";
import { formatMoney } from "@/lib/money/format";

const COLUMNS: Column<ListedDisbursement>[] = [
  idColumn("Disbursement", "/disbursements"),
  { header: "Status", cell: (d) => <StatusBadge status={d.status} /> },
  { header: "Amount", numeric: true, cell: (d) => formatMoney(d.amount, d.currency) },
  { header: "Chain", className: "text-xs text-slate-600", cell: (d) => (d.chain ? railLabel(d.chain) : "—") },
  {
    header: "Wallet",
    className: "max-w-48 truncate font-mono text-xs text-slate-600",
    title: (d) => d.wallet_address ?? undefined,
    cell: (d) => d.wallet_address ?? "—",
  },
  { header: "Created by", className: "text-xs text-slate-600", cell: (d) => d.created_by ?? "—" },
  {
    header: "Created",
    className: "text-xs whitespace-nowrap text-slate-600",
    cell: (d) => formatShortDateTime(d.created_at),
  },
];

/** Disbursements newest first, with the console user who created each (— when made through the API). */
export function DisbursementsTable({ rows }: { rows: ListedDisbursement[] }) {
  return <DataTable caption="Disbursements" columns={COLUMNS} rows={rows} rowTestId="disbursement-row" />;
}
