/**
 * Where a list screen reads from, declared once per list (browser- and server-safe): its page
 * loads the first page with it (loadList) and its client screen the later ones (ListScreen).
 */
import type { QueryKey } from "@tanstack/react-query";
import type { ActionResult } from "@/lib/dashboard/action-result";
import type { Permission } from "@/lib/auth/permissions";
import type { Environment } from "@/lib/dashboard/environment-schema";
import type { FilterField, ListFiltersCodec, QueryOf } from "@/lib/dashboard/list-filters";
import type { Paginated } from "@/lib/schemas/list";

export type Spec = Record<string, FilterField<string>>;

/** A page of a list, with the filtered set's totals when they were asked for. */
export type ListPage<Row, Totals> = Paginated<Row> & { totals?: Totals };

/** What the server render hands a list: the environment, the filters in the URL, the first page. */
export type ListData<Filters, Page> = {
  environment: Environment;
  initialFilters: Filters;
  initial: ActionResult<Page>;
};

export type ListSource<S extends Spec, WithTotals extends boolean, Page> = {
  /** What the list holds, in the plural ("payments"): "Payments could not be loaded", "Loading payments…". */
  noun: string;
  /** The list's path: the URL follows the filters (replaceState, no navigation). */
  path: string;
  codec: ListFiltersCodec<S, WithTotals>;
  /** The list's keys in the query-key factory, e.g. `queryKeys.payments`. */
  keys: { list: (environment: Environment, query: QueryOf<S, WithTotals>) => QueryKey };
  /** The list action: the first page on the server, later pages and other filters in the browser. */
  load: (query: QueryOf<S, WithTotals>) => Promise<ActionResult<Page>>;
  /** The "New …" link (to `path`/new), for whom may create here (the server refuses regardless). */
  create?: { permission: Permission; label: string };
};

/** Declares a list's source (typed from its codec and action). */
export function listSource<S extends Spec, WithTotals extends boolean, Page>(
  source: ListSource<S, WithTotals, Page>,
): ListSource<S, WithTotals, Page> {
  return source;
}
