"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { PlusIcon, RequestsIcon, SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { TableSkeleton } from "@/components/ui/skeleton";
import { humanizeStatus } from "@/components/ui/status-tone";
import { listSettlementRequests } from "@/lib/actions/list-settlement-requests";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/actions/result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { SANDBOX_SETTLEMENT_STATUSES } from "@/lib/state-machine/statuses";
import type { RequestRowsPage } from "@/lib/dashboard/request-rows";
import { PAGE_SIZE, filtersToSearch, isStatus, toListQuery, type ListFilters } from "./list-filters";
import { DateRange } from "@/components/forms/date-range";
import { TotalsLine } from "./list-totals";
import { DidYouMean } from "./did-you-mean";
import { RequestsTable } from "./requests-table";

/**
 * Filter by status, search by external_id (exact; every match), page through. The first page
 * comes from the server; later ones through the list action. Filters live in the URL.
 */
export function RequestsList({
  environment,
  initialFilters,
  initial,
  canCreate,
}: {
  environment: Environment;
  initialFilters: ListFilters;
  initial: ActionResult<RequestRowsPage>;
  /** Whether the signed-in role may create requests here (the server refuses regardless). */
  canCreate: boolean;
}) {
  const [filters, setFilters] = useState(initialFilters);
  const [search, setSearch] = useState(initialFilters.external_id);
  const query = toListQuery(filters, PAGE_SIZE);
  const list = useQuery({
    queryKey: queryKeys.settlementRequests.list(environment, query),
    queryFn: async () => unwrap(await listSettlementRequests(query)),
    initialData: initial.ok && filters === initialFilters ? initial.data : undefined,
    placeholderData: keepPreviousData,
  });

  function apply(next: ListFilters) {
    setFilters(next);
    window.history.replaceState(null, "", `/settlement-requests${filtersToSearch(next)}`);
  }

  const error = list.error instanceof ActionFailure ? list.error : !initial.ok && filters === initialFilters ? initial.error : null;
  const filtered = filters.status !== "" || filters.external_id !== "" || filters.created_from !== "" || filters.created_to !== "";
  const exportHref = `/settlement-requests/export${filtersToSearch({ ...filters, page: 1 })}`;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)] lg:flex-row lg:flex-wrap lg:items-end">
        <form
          role="search"
          className="flex flex-1 items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            apply({ ...filters, external_id: search.trim(), page: 1 });
          }}
        >
          <Field label="External ID" hint="Exact match; every request carrying it" className="flex-1">
            {(p) => <Input {...p} value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. inv-20931" maxLength={255} />}
          </Field>
          <Button type="submit" variant="secondary"><SearchIcon className="size-4" /> Search</Button>
          {filters.external_id ? (
            <Button variant="ghost" onClick={() => { setSearch(""); apply({ ...filters, external_id: "", page: 1 }); }}>Clear</Button>
          ) : null}
        </form>
        <Field label="Status" className="lg:w-64">
          {(p) => (
            <Select
              {...p}
              value={filters.status}
              onChange={(e) => apply({ ...filters, status: isStatus(e.target.value) ? e.target.value : "", page: 1 })}
              placeholder="All statuses"
              options={SANDBOX_SETTLEMENT_STATUSES.map((s) => ({ value: s, label: humanizeStatus(s) }))}
            />
          )}
        </Field>
        <a href={exportHref} className={buttonClasses({ variant: "secondary" })} download>
          Export CSV
        </a>
        <DateRange
          from={filters.created_from}
          to={filters.created_to}
          onChange={(range) => apply({ ...filters, ...range, page: 1 })}
        />
      </div>
      {list.data?.totals ? <TotalsLine totals={list.data.totals} /> : null}

      <div aria-live="polite" aria-busy={list.isFetching || undefined}>
        {error ? (
          <ErrorState title="Requests could not be loaded" message={describeError(error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !list.data ? (
          <TableSkeleton label="Loading requests…" />
        ) : list.data.data.length === 0 ? (
          filtered ? (
            <EmptyState icon={<SearchIcon className="size-5" />} title="No matching requests"
              action={<Button variant="secondary" onClick={() => { setSearch(""); apply({ page: 1, status: "", external_id: "", created_from: "", created_to: "" }); }}>Clear filters</Button>}>
              No request {filters.external_id ? <>has external_id <code className="font-mono">{filters.external_id}</code></> : null}
              {filters.external_id && filters.status ? " with " : null}
              {filters.status ? <>status {humanizeStatus(filters.status)}</> : null}.
              {filters.external_id ? <DidYouMean environment={environment} text={filters.external_id} /> : null}
            </EmptyState>
          ) : (
            <EmptyState icon={<RequestsIcon className="size-5" />} title="No settlement requests yet"
              action={canCreate ? <Link href="/settlement-requests/new" className={buttonClasses()}><PlusIcon className="size-4" /> New settlement request</Link> : undefined}>
              Requests created here or through the API are listed newest first, with status, type and amounts.
            </EmptyState>
          )
        ) : (
          <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            {filters.external_id ? (
              <p className="mb-2 text-sm text-slate-600" data-testid="match-count">
                {list.data.pagination.total} {list.data.pagination.total === 1 ? "request has" : "requests have"} external_id <code className="font-mono">{filters.external_id}</code>
              </p>
            ) : null}
            <RequestsTable rows={list.data.data} />
            <Pagination page={filters.page} pageSize={PAGE_SIZE} total={list.data.pagination.total} onPageChange={(page) => apply({ ...filters, page })} />
          </div>
        )}
      </div>
    </div>
  );
}
