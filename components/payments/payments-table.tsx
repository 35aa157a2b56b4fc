import Link from "next/link";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import type { Payment } from "@/lib/schemas/payment";
import { ownerOf } from "./payment-owner";

/** One row per payment, newest first; the id opens the payment. */
export function PaymentsTable({ rows }: { rows: Payment[] }) {
  return (
    <Table caption="Payments">
      <THead>
        <tr>
          <TH>Payment</TH>
          <TH>Type</TH>
          <TH>Status</TH>
          <TH numeric>Amount</TH>
          <TH>Route</TH>
          <TH>Belongs to</TH>
          <TH>Created</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((p) => {
          const owner = ownerOf(p);
          return (
            <TR key={p.id} data-testid="payment-row">
              <TD>
                <Link href={`/payments/${p.id}`} className="font-mono text-xs font-medium text-accent-700 hover:underline">
                  {p.id.slice(0, 8)}…
                </Link>
              </TD>
              <TD><Badge tone={p.type === "PAYIN" ? "info" : "accent"}>{p.type === "PAYIN" ? "Payin" : "Payout"}</Badge></TD>
              <TD><StatusBadge status={p.status} /></TD>
              <TD numeric>{formatMoney(p.type === "PAYIN" ? p.source.amount : p.destination.amount, p.type === "PAYIN" ? p.source.currency : p.destination.currency)}</TD>
              <TD className="text-xs whitespace-nowrap text-slate-600">
                {p.source.currency} · {railLabel(p.source.rail)} → {p.destination.currency} · {railLabel(p.destination.rail)}
              </TD>
              <TD className="text-xs">
                {owner ? (
                  <Link href={owner.href} className="text-accent-700 hover:underline">
                    {owner.label} <span className="font-mono">{owner.id.slice(0, 8)}…</span>
                  </Link>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </TD>
              <TD className="text-xs whitespace-nowrap text-slate-600">{formatShortDateTime(p.created_at)}</TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
