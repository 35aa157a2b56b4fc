"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { AmountTotalsLine } from "@/components/forms/amount-totals";
import { DateRange } from "@/components/forms/date-range";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { DisburseIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { TableSkeleton } from "@/components/ui/skeleton";
import { humanizeStatus } from "@/components/ui/status-tone";
import { listDisbursements } from "@/lib/actions/list-disbursements";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/actions/result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { ListedDisbursement } from "@/lib/dashboard/store/disbursement-types";
import { STABLECOINS } from "@/lib/schemas/catalog";
import { DISBURSEMENT_STATUSES } from "@/lib/state-machine/disbursements";
import type { AmountTotals, Paginated } from "@/lib/schemas/list";
import { DisbursementsTable } from "./disbursements-table";
import {
  DISBURSEMENTS_PAGE_SIZE,
  NO_DISBURSEMENT_FILTERS,
  filtersToSearch,
  isDisbursementStatus,
  isStablecoin,
  toListQuery,
  type DisbursementFilters,
} from "./list-filters";

/**
 * Every disbursement of the account in this environment: filter by status, currency and
 * created date, with the filtered set's totals and a CSV export that follows the filters. The
 * first page comes from the server; later ones through the list action. Filters live in the URL.
 */
export function DisbursementsList({
  environment,
  initialFilters,
  initial,
  canCreate,
}: {
  environment: Environment;
  initialFilters: DisbursementFilters;
  initial: ActionResult<Paginated<ListedDisbursement> & { totals?: AmountTotals }>;
  canCreate: boolean;
}) {
  const [filters, setFilters] = useState(initialFilters);
  const query = toListQuery(filters);
  const list = useQuery({
    queryKey: queryKeys.disbursements.list(environment, query),
    queryFn: async () => unwrap(await listDisbursements(query)),
    initialData: initial.ok && filters === initialFilters ? initial.data : undefined,
    placeholderData: keepPreviousData,
  });

  function apply(next: DisbursementFilters) {
    setFilters(next);
    window.history.replaceState(null, "", `/disbursements${filtersToSearch(next)}`);
  }

  const error = list.error instanceof ActionFailure ? list.error : !initial.ok && filters === initialFilters ? initial.error : null;
  const filtered = filters.status !== "" || filters.currency !== "" || filters.created_from !== "" || filters.created_to !== "";

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)] lg:flex-row lg:flex-wrap lg:items-end">
        <Field label="Status" className="lg:w-48">
          {(p) => (
            <Select
              {...p}
              value={filters.status}
              onChange={(e) => apply({ ...filters, status: isDisbursementStatus(e.target.value) ? e.target.value : "", page: 1 })}
              placeholder="All statuses"
              options={DISBURSEMENT_STATUSES.map((s) => ({ value: s, label: humanizeStatus(s) }))}
            />
          )}
        </Field>
        <Field label="Currency" className="lg:w-40">
          {(p) => (
            <Select
              {...p}
              value={filters.currency}
              onChange={(e) => apply({ ...filters, currency: isStablecoin(e.target.value) ? e.target.value : "", page: 1 })}
              placeholder="All currencies"
              options={STABLECOINS.map((c) => ({ value: c, label: c }))}
            />
          )}
        </Field>
        <a href={`/disbursements/export${filtersToSearch({ ...filters, page: 1 })}`} className={buttonClasses({ variant: "secondary" })} download>
          Export CSV
        </a>
        <DateRange from={filters.created_from} to={filters.created_to} onChange={(range) => apply({ ...filters, ...range, page: 1 })} />
      </div>
      {list.data?.totals ? <AmountTotalsLine label="Disbursements" totals={list.data.totals} /> : null}

      <div aria-live="polite" aria-busy={list.isFetching || undefined}>
        {error ? (
          <ErrorState title="Disbursements could not be loaded" message={describeError(error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !list.data ? (
          <TableSkeleton label="Loading disbursements…" />
        ) : list.data.data.length === 0 ? (
          filtered ? (
            <EmptyState icon={<SearchIcon className="size-5" />} title="No matching disbursements"
              action={<Button variant="secondary" onClick={() => apply(NO_DISBURSEMENT_FILTERS)}>Clear filters</Button>}>
              No disbursement matches these filters.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<DisburseIcon className="size-5" />}
              title="No disbursements yet"
              action={canCreate ? <Link href="/disbursements/new" className={buttonClasses()}><PlusIcon className="size-4" /> New disbursement</Link> : undefined}
            >
              Send stablecoins from your pre-funded balance to a wallet. Every disbursement of this environment, made here or
              through the API, is listed here newest first.
            </EmptyState>
          )
        ) : (
          <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <DisbursementsTable rows={list.data.data} />
            <Pagination page={filters.page} pageSize={DISBURSEMENTS_PAGE_SIZE} total={list.data.pagination.total} onPageChange={(page) => apply({ ...filters, page })} />
          </div>
        )}
      </div>
    </div>
  );
}
