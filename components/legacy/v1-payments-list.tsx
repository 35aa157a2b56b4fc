"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { ArchiveIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { TableSkeleton } from "@/components/ui/skeleton";
import { humanizeStatus } from "@/components/ui/status-tone";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { listV1Payments } from "@/lib/actions/list-v1-payments";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/actions/result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import { V1_PAYMENT_STATUSES } from "@/lib/state-machine/v1-payments";
import type { Paginated } from "@/lib/schemas/list";
import type { V1Payment } from "@/lib/schemas/v1-payment";
import { V1_PAGE_SIZE, isV1Status, toV1ListQuery, v1FiltersToSearch, type V1Filters } from "./v1-list-filters";

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
export function V1PaymentsList({
  environment,
  initialFilters,
  initial,
  canCreate,
}: {
  environment: Environment;
  initialFilters: V1Filters;
  initial: ActionResult<Paginated<V1Payment>>;
  canCreate: boolean;
}) {
  const [filters, setFilters] = useState(initialFilters);
  const query = toV1ListQuery(filters);
  const list = useQuery({
    queryKey: queryKeys.v1Payments.list(environment, query),
    queryFn: async () => unwrap(await listV1Payments(query)),
    initialData: initial.ok && filters === initialFilters ? initial.data : undefined,
    placeholderData: keepPreviousData,
  });
  function apply(next: V1Filters) {
    setFilters(next);
    window.history.replaceState(null, "", `/legacy${v1FiltersToSearch(next)}`);
  }
  const error = list.error instanceof ActionFailure ? list.error : !initial.ok && filters === initialFilters ? initial.error : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)] sm:flex-row sm:items-end sm:justify-between">
        <Field label="Status" className="sm:w-56">
          {(p) => (
            <Select {...p} value={filters.status} placeholder="All statuses"
              onChange={(e) => apply({ page: 1, status: isV1Status(e.target.value) ? e.target.value : "" })}
              options={V1_PAYMENT_STATUSES.map((s) => ({ value: s, label: humanizeStatus(s) }))} />
          )}
        </Field>
        <p className="text-xs text-slate-500 sm:max-w-md sm:text-right">
          A /v1 payment waits in CREATED for the incoming wire (5 minutes), is PROCESSING once notified, then COMPLETED on chain.
        </p>
      </div>
      <div aria-live="polite" aria-busy={list.isFetching || undefined}>
        {error ? (
          <ErrorState title="/v1 payments could not be loaded" message={describeError(error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !list.data ? (
          <TableSkeleton label="Loading /v1 payments…" rows={5} />
        ) : list.data.data.length === 0 ? (
          filters.status ? (
            <EmptyState icon={<SearchIcon className="size-5" />} title="No matching /v1 payments"
              action={<Button variant="secondary" onClick={() => apply({ page: 1, status: "" })}>Clear filter</Button>}>
              No /v1 payment is {humanizeStatus(filters.status).toLowerCase()}.
            </EmptyState>
          ) : (
            <EmptyState icon={<ArchiveIcon className="size-5" />} title="No /v1 payments"
              action={canCreate ? <Link href="/legacy/new" className={buttonClasses()}><PlusIcon className="size-4" /> New /v1 payment</Link> : undefined}>
              Liquidity payments created through /v1 are listed here with their reference_id, expiry and status.
            </EmptyState>
          )
        ) : (
          <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <V1Table rows={list.data.data} />
            <Pagination page={filters.page} pageSize={V1_PAGE_SIZE} total={list.data.pagination.total} onPageChange={(page) => apply({ ...filters, page })} />
          </div>
        )}
      </div>
    </div>
  );
}
