import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { humanizeStatus } from "@/components/ui/status-tone";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { formatMoney } from "@/lib/money/format";
import type { RequestRow } from "@/lib/dashboard/request-rows";

/** One row per request, newest first; the id or external_id opens the request. */
export function RequestsTable({ rows }: { rows: RequestRow[] }) {
  return (
    <Table caption="Settlement requests">
      <THead>
        <tr>
          <TH>Request</TH>
          <TH>Status</TH>
          <TH>Type</TH>
          <TH numeric>Payer sends</TH>
          <TH numeric>Recipient gets</TH>
          <TH>Created</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <TR key={r.id} data-testid="request-row">
            <TD>
              <Link href={`/settlement-requests/${r.id}`} className="font-medium text-accent-700 hover:underline">
                {r.external_id ?? <span className="font-mono text-xs">{r.id.slice(0, 8)}…</span>}
              </Link>
              {r.external_id ? <span className="block font-mono text-xs text-slate-500">{r.id.slice(0, 8)}…</span> : null}
            </TD>
            <TD><StatusBadge status={r.status} /></TD>
            <TD className="text-xs text-slate-600">{humanizeStatus(r.type)}</TD>
            <TD numeric>{formatMoney(r.payment_instructions.amount, r.payment_instructions.currency)}</TD>
            <TD numeric>{formatMoney(r.payment_instructions.destination_amount, r.payment_instructions.destination_currency)}</TD>
            <TD className="text-xs whitespace-nowrap text-slate-600">{formatShortDateTime(r.created_at)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
