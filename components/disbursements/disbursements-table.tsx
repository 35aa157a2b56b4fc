import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { railLabel } from "@/lib/dashboard/routes";
import type { ListedDisbursement } from "@/lib/dashboard/store/disbursement-types";
import { formatMoney } from "@/lib/money/format";

/** Disbursements newest first, with the console user who created each (— when made through the API). */
export function DisbursementsTable({ rows }: { rows: ListedDisbursement[] }) {
  return (
    <Table caption="Disbursements">
      <THead>
        <tr>
          <TH>Disbursement</TH>
          <TH>Status</TH>
          <TH numeric>Amount</TH>
          <TH>Chain</TH>
          <TH>Wallet</TH>
          <TH>Created by</TH>
          <TH>Created</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((d) => (
          <TR key={d.id} data-testid="disbursement-row">
            <TD>
              <Link href={`/disbursements/${d.id}`} className="font-mono text-xs font-medium text-accent-700 hover:underline">{d.id.slice(0, 8)}…</Link>
            </TD>
            <TD><StatusBadge status={d.status} /></TD>
            <TD numeric>{formatMoney(d.amount, d.currency)}</TD>
            <TD className="text-xs text-slate-600">{d.chain ? railLabel(d.chain) : "—"}</TD>
            <TD className="max-w-48 truncate font-mono text-xs text-slate-600" title={d.wallet_address ?? undefined}>{d.wallet_address ?? "—"}</TD>
            <TD className="text-xs text-slate-600">{d.created_by ?? "—"}</TD>
            <TD className="text-xs whitespace-nowrap text-slate-600">{formatShortDateTime(d.created_at)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
