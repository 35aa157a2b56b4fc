"use client";

import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { ListSelect } from "@/components/list/list-controls";
import { type ListData, ListScreen } from "@/components/list/list-screen";
import { StatusBadge } from "@/components/ui/badge";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ArchiveIcon } from "@/components/ui/icons";
import { humanizeStatus, statusOptions } from "@/components/ui/status-tone";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import { V1_PAYMENT_STATUSES } from "@/lib/state-machine/v1-payments";
import type { Paginated } from "@/lib/schemas/list";
import type { V1Payment } from "@/lib/schemas/v1-payment";
import { type V1Filters, v1PaymentsList } from "./v1-list-filters";

const V1_COLUMNS: Column<V1Payment>[] = [
  {
    header: "Reference",
    cell: (p) => (
      <>
        <Link href={`/v1-payments/${p.id}`} className="font-mono text-xs font-medium text-accent-700 hover:underline">
          {p.reference_id}
        </Link>
        <span className="block font-mono text-xs text-slate-500">{p.id.slice(0, 8)}…</span>
      </>
    ),
  },
  { header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
  { header: "Amount", numeric: true, cell: (p) => formatMoney(p.amount, p.currency_code) },
  { header: "Chain", className: "text-xs text-slate-600", cell: (p) => railLabel(p.chain) },
  {
    header: "Destination wallet",
    className: "max-w-48 truncate font-mono text-xs text-slate-600",
    title: (p) => p.destination_wallet,
    cell: (p) => p.destination_wallet,
  },
  {
    header: "Expires",
    className: "text-xs whitespace-nowrap text-slate-600",
    cell: (p) => (p.status === "CREATED" ? formatShortDateTime(p.expires_at) : "—"),
  },
  {
    header: "Created",
    className: "text-xs whitespace-nowrap text-slate-600",
    cell: (p) => formatShortDateTime(p.created_at),
  },
];

/** GET /v1/payments: filter by status, page through; first page from the server. */
export function V1PaymentsList({
  createLink,
  ...data
}: ListData<V1Filters, Paginated<V1Payment>> & { createLink: ReactNode }) {
  return (
    <ListScreen
      {...data}
      source={v1PaymentsList}
      skeletonRows={5}
      toolbarClassName="sm:flex-row sm:items-end sm:justify-between"
      controls={(c) => (
        <>
          <ListSelect
            controls={c}
            name="status"
            label="Status"
            className="sm:w-56"
            placeholder="All statuses"
            options={statusOptions(V1_PAYMENT_STATUSES)}
          />
          <p className="text-xs text-slate-500 sm:max-w-md sm:text-right">
            A /v1 payment waits in CREATED for the incoming wire (5 minutes), is PROCESSING once notified, then
            COMPLETED on chain.
          </p>
        </>
      )}
      noMatch={{
        title: "No matching /v1 payments",
        clearLabel: "Clear filter",
        children: (f) => <>No /v1 payment is {humanizeStatus(f.status).toLowerCase()}.</>,
      }}
      empty={
        <EmptyState icon={<ArchiveIcon className="size-5" />} title="No /v1 payments" action={createLink}>
          Liquidity payments created through /v1 are listed here with their reference_id, expiry and status.
        </EmptyState>
      }
      table={(rows) => <DataTable caption="/v1 payments" columns={V1_COLUMNS} rows={rows} rowTestId="v1-payment-row" />}
    />
  );
}
