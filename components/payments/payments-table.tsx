import { Link } from "@/components/ui/link";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { type Column, DataTable, idColumn } from "@/components/ui/data-table";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import type { Payment } from "@/lib/schemas/payment";
import { ownerOf } from "./payment-owner";

function Owner({ payment }: { payment: Payment }) {
  const owner = ownerOf(payment);
  return owner ? (
    <Link href={owner.href} className="text-accent-700 hover:underline">
      {owner.label} <span className="font-mono">{owner.id.slice(0, 8)}…</span>
    </Link>
  ) : (
    <span className="text-slate-500">—</span>
  );
}

const COLUMNS: Column<Payment>[] = [
  idColumn("Payment", "/payments"),
  {
    header: "Type",
    cell: (p) => <Badge tone={p.type === "PAYIN" ? "info" : "accent"}>{p.type === "PAYIN" ? "Payin" : "Payout"}</Badge>,
  },
  { header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
  {
    header: "Amount",
    numeric: true,
    cell: (p) =>
      formatMoney(
        p.type === "PAYIN" ? p.source.amount : p.destination.amount,
        p.type === "PAYIN" ? p.source.currency : p.destination.currency,
      ),
  },
  {
    header: "Route",
    className: "text-xs whitespace-nowrap text-slate-600",
    cell: (p) => (
      <>
        {p.source.currency} · {railLabel(p.source.rail)} → {p.destination.currency} · {railLabel(p.destination.rail)}
      </>
    ),
  },
  { header: "Belongs to", className: "text-xs", cell: (p) => <Owner payment={p} /> },
  {
    header: "Created",
    className: "text-xs whitespace-nowrap text-slate-600",
    cell: (p) => formatShortDateTime(p.created_at),
  },
];

/** One row per payment, newest first; the id opens the payment. */
export function PaymentsTable({ rows }: { rows: Payment[] }) {
  return <DataTable caption="Payments" columns={COLUMNS} rows={rows} rowTestId="payment-row" />;
}
