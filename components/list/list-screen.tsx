"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode, useState } from "react";
import { DateRange } from "@/components/forms/date-range";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SearchIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { TableSkeleton } from "@/components/ui/skeleton";
import { ActionFailure, describeError, unwrap } from "@/lib/dashboard/action-result";
import type { FiltersOf } from "@/lib/dashboard/list-filters";
import { cn } from "@/lib/ui/cn";
import type { ListData, ListPage, ListSource, Spec } from "./list-source";

export type { ListData, ListPage } from "./list-source";

/** What the filter controls get: the filters on screen and the ways to change them. */
export type ListControls<S extends Spec> = {
  filters: FiltersOf<S>;
  /** Shows these filters; the URL follows. */
  apply: (next: FiltersOf<S>) => void;
  /** One filter from what its control holds (checked by the codec), back to page 1. */
  set: (key: keyof S & string, raw: string) => void;
};

export type ListScreenProps<S extends Spec, WithTotals extends boolean, Row, Totals> = ListData<
  FiltersOf<S>,
  ListPage<Row, Totals>
> & {
  source: ListSource<S, WithTotals, ListPage<Row, Totals>>;
  skeletonRows?: number;
  /** The filter bar's layout at wider widths (default: one wrapping row from lg). */
  toolbarClassName?: string;
  /** The filter controls, in the filter bar before the export link and the date range. */
  controls: (controls: ListControls<S>) => ReactNode;
  /** The CSV export's path; the link carries the filters (not the page). */
  exportHref?: string;
  /** The filtered set's totals, above the list. */
  totals?: (totals: Totals) => ReactNode;
  /** The empty state while filters are set (with a button that clears them). */
  noMatch: { title: string; clearLabel?: string; children: (filters: FiltersOf<S>) => ReactNode };
  /** The empty state with no filter set. */
  empty: ReactNode;
  /** A line above the table (none when `text` gives null). */
  count?: { testId: string; text: (total: number, filters: FiltersOf<S>, filtered: boolean) => ReactNode };
  table: (rows: Row[]) => ReactNode;
};

/**
 * One list screen: filters in the URL, the first page from the server and later ones through
 * the list action (the previous page stays, dimmed, while the next loads), an error state with
 * retry, a skeleton, an empty state that differs when filtered, an optional count line, totals
 * and CSV export, the table and its pagination.
 */
export function ListScreen<S extends Spec, WithTotals extends boolean, Row, Totals>({
  environment,
  initialFilters,
  initial,
  source: { noun, path, codec, keys, load },
  skeletonRows,
  toolbarClassName = "lg:flex-row lg:flex-wrap lg:items-end",
  controls,
  exportHref,
  totals,
  noMatch,
  empty,
  count,
  table,
}: ListScreenProps<S, WithTotals, Row, Totals>) {
  const [filters, setFilters] = useState(initialFilters);
  // Clearing every filter also empties what the controls hold but have not applied yet.
  const [clears, setClears] = useState(0);
  const query = codec.toQuery(filters);
  const isInitial = filters === initialFilters;
  const list = useQuery({
    queryKey: keys.list(environment, query),
    queryFn: async () => unwrap(await load(query)),
    initialData: initial.ok && isInitial ? initial.data : undefined,
    placeholderData: keepPreviousData,
  });

  function apply(next: FiltersOf<S>) {
    setFilters(next);
    window.history.replaceState(null, "", `${path}${codec.toSearch(next)}`);
  }
  function set(key: keyof S & string, raw: string) {
    apply({ ...filters, [key]: codec.parse(key, raw), page: 1 });
  }
  function clear() {
    setClears((n) => n + 1);
    apply(codec.empty);
  }

  const error = list.error instanceof ActionFailure ? list.error : !initial.ok && isInitial ? initial.error : null;
  const filtered = codec.isFiltered(filters);
  const range = filters as FiltersOf<S> & { created_from: string; created_to: string };
  const countText = list.data && count ? count.text(list.data.pagination.total, filters, filtered) : null;

  return (
    <div className="space-y-4">
      <div
        className={cn(
          "flex flex-col gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]",
          toolbarClassName,
        )}
      >
        <Fragment key={clears}>{controls({ filters, apply, set })}</Fragment>
        {exportHref ? (
          <a
            href={`${exportHref}${codec.toSearch({ ...filters, page: 1 })}`}
            className={buttonClasses({ variant: "secondary" })}
            download
          >
            Export CSV
          </a>
        ) : null}
        {codec.dated ? (
          <DateRange
            from={range.created_from}
            to={range.created_to}
            onChange={(dates) => apply({ ...filters, ...dates, page: 1 })}
          />
        ) : null}
      </div>
      {list.data?.totals && totals ? totals(list.data.totals) : null}

      <div aria-live="polite" aria-busy={list.isFetching || undefined}>
        {error ? (
          <ErrorState
            title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} could not be loaded`}
            message={describeError(error)}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : !list.data ? (
          <TableSkeleton label={`Loading ${noun}…`} rows={skeletonRows} />
        ) : list.data.data.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<SearchIcon className="size-5" />}
              title={noMatch.title}
              action={
                <Button variant="secondary" onClick={clear}>
                  {noMatch.clearLabel ?? "Clear filters"}
                </Button>
              }
            >
              {noMatch.children(filters)}
            </EmptyState>
          ) : (
            empty
          )
        ) : (
          <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            {countText !== null ? (
              <p className="mb-2 text-sm text-slate-600" data-testid={count?.testId}>
                {countText}
              </p>
            ) : null}
            {table(list.data.data)}
            <Pagination
              page={filters.page}
              pageSize={codec.pageSize}
              total={list.data.pagination.total}
              totalCapped={"total_capped" in list.data.pagination && list.data.pagination.total_capped === true}
              onPageChange={(page) => apply({ ...filters, page })}
            />
          </div>
        )}
      </div>
    </div>
  );
}
