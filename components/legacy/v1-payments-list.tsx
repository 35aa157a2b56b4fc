"use client";

import Link from "next/link";
import { ListSelect, statusOptions } from "@/components/list/list-controls";
import { type ListData, ListScreen } from "@/components/list/list-screen";
import { StatusBadge } from "@/components/ui/badge";
import { CreateLink } from "@/components/ui/create-link";
import { EmptyState } from "@/components/ui/empty-state";
import { ArchiveIcon } from "@/components/ui/icons";
import { humanizeStatus } from "@/components/ui/status-tone";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { listV1Payments } from "@/lib/actions/list-v1-payments";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import { V1_PAYMENT_STATUSES } from "@/lib/schemas/enums";
import type { Paginated } from "@/lib/schemas/list";
import type { V1Payment } from "@/lib/schemas/v1-payment";
import { v1Filters, type V1Filters } from "./v1-list-filters";

function V1Table({ rows }: { rows: V1Payment[] }) {
  return (
    <Table caption="/v1 payments">
      <THead>
        <tr>
          <TH>Reference</TH>
          <TH>Status</TH>
          <TH numeric>Amount</TH>
          <TH>Chain</TH>
          <TH>Destination wallet</TH>
          <TH>Expires</TH>
          <TH>Created</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((p) => (
          <TR key={p.id} data-testid="v1-payment-row">
            <TD>
              <Link href={`/legacy/${p.id}`} className="font-mono text-xs font-medium text-accent-700 hover:underline">{p.reference_id}</Link>
              <span className="block font-mono text-xs text-slate-500">{p.id.slice(0, 8)}…</span>
            </TD>
            <TD><StatusBadge status={p.status} /></TD>
            <TD numeric>{formatMoney(p.amount, p.currency_code)}</TD>
            <TD className="text-xs text-slate-600">{railLabel(p.chain)}</TD>
            <TD className="max-w-48 truncate font-mono text-xs text-slate-600" title={p.destination_wallet}>{p.destination_wallet}</TD>
            <TD className="text-xs whitespace-nowrap text-slate-600">{p.status === "CREATED" ? formatShortDateTime(p.expires_at) : "—"}</TD>
            <TD className="text-xs whitespace-nowrap text-slate-600">{formatShortDateTime(p.created_at)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** GET /v1/payments: filter by status, page through; first page from the server. */
export function V1PaymentsList({ canCreate, ...data }: ListData<V1Filters, Paginated<V1Payment>> & { canCreate: boolean }) {
  return (
    <ListScreen
      {...data}
      source={{ path: "/legacy", codec: v1Filters, keys: queryKeys.v1Payments, load: listV1Payments }}
      texts={{ failed: "/v1 payments could not be loaded", loading: "Loading /v1 payments…" }}
      skeletonRows={5}
      toolbarClassName="sm:flex-row sm:items-end sm:justify-between"
      controls={(c) => (
        <>
          <ListSelect controls={c} name="status" label="Status" className="sm:w-56" placeholder="All statuses" options={statusOptions(V1_PAYMENT_STATUSES)} />
          <p className="text-xs text-slate-500 sm:max-w-md sm:text-right">
            A /v1 payment waits in CREATED for the incoming wire (5 minutes), is PROCESSING once notified, then COMPLETED on chain.
          </p>
        </>
      )}
      noMatch={{
        title: "No matching /v1 payments",
        clearLabel: "Clear filter",
        children: (f) => <>No /v1 payment is {humanizeStatus(f.status).toLowerCase()}.</>,
      }}
      empty={
        <EmptyState icon={<ArchiveIcon className="size-5" />} title="No /v1 payments"
          action={canCreate ? <CreateLink href="/legacy/new">New /v1 payment</CreateLink> : undefined}>
          Liquidity payments created through /v1 are listed here with their reference_id, expiry and status.
        </EmptyState>
      }
      table={(rows) => <V1Table rows={rows} />}
    />
  );
}
