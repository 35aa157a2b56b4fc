/**
 * A list screen's filters as they sit in the URL (browser-safe, pure): one codec per list,
 * declared as its fields. The codec reads the page's search parameters (anything it does not
 * know becomes "" or page 1), writes them back as a query string (empty ones left out, page
 * only past 1) and makes the list action's query (empty filters left out; with `totals`, the
 * filtered set's totals asked with every page).
 */
import { dateParam } from "./search-params";

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

/** How one filter reads its parameter: the value, or "" when absent or not acceptable. */
export type FilterField<T extends string> = { parse: (raw: string | string[] | undefined) => T | "" };

/** One of `values`, exactly as written; else "". */
export function oneOf<const T extends string>(values: readonly T[]): FilterField<T> {
  return { parse: (raw) => (typeof raw === "string" && (values as readonly string[]).includes(raw) ? (raw as T) : "") };
}

/** Free text cut to `max` characters (trimmed first with `trim`). */
export function text(max: number, { trim = false }: { trim?: boolean } = {}): FilterField<string> {
  return { parse: (raw) => (typeof raw === "string" ? (trim ? raw.trim() : raw).slice(0, max) : "") };
}

/** A real calendar date (YYYY-MM-DD, UTC); else "". */
export const date: FilterField<string> = { parse: dateParam };

/** The lists' created-at range: on or after `created_from`, on or before `created_to` (whole days, UTC). */
export const createdRange = { created_from: date, created_to: date };

type Spec = Record<string, FilterField<string>>;
type ValueOf<F> = F extends FilterField<infer T> ? T | "" : never;

/** The filters of a spec, with the page (1-indexed). */
export type FiltersOf<S extends Spec> = { page: number } & { -readonly [K in keyof S]: ValueOf<S[K]> };

/** The list action's query for a spec. */
export type QueryOf<S extends Spec, Totals extends boolean> = { page: number; page_size: number } & {
  [K in keyof S]?: Exclude<ValueOf<S[K]>, "">;
} & (Totals extends true ? { include: "totals" } : unknown);

export type ListFiltersCodec<S extends Spec = Spec, Totals extends boolean = boolean> = {
  pageSize: number;
  /** Every filter empty, page 1. */
  empty: FiltersOf<S>;
  /** Whether the list reads a created-at range (the screen shows the date fields). */
  dated: boolean;
  fromParams: (params: SearchParamsRecord) => FiltersOf<S>;
  /** One filter's value from what a control holds ("" when not acceptable). */
  parse: <K extends keyof S & string>(key: K, raw: string) => ValueOf<S[K]>;
  /** `?status=…&page=2`, or "" when nothing is set. */
  toSearch: (filters: FiltersOf<S>) => string;
  toQuery: (filters: FiltersOf<S>, pageSize?: number) => QueryOf<S, Totals>;
  /** Whether any filter (not the page) is set. */
  isFiltered: (filters: FiltersOf<S>) => boolean;
};

export function listFilters<const S extends Spec, Totals extends boolean = false>(
  spec: S,
  { pageSize = 20, totals }: { pageSize?: number; totals?: Totals } = {},
): ListFiltersCodec<S, Totals> {
  const keys = Object.keys(spec) as (keyof S & string)[];
  const set = (f: FiltersOf<S>) => keys.filter((k) => f[k] !== "");
  return {
    pageSize,
    empty: { page: 1, ...Object.fromEntries(keys.map((k) => [k, ""])) } as FiltersOf<S>,
    dated: "created_from" in spec && "created_to" in spec,
    fromParams(params) {
      const page = Number.parseInt(typeof params.page === "string" ? params.page : "", 10);
      return {
        page: Number.isInteger(page) && page >= 1 ? page : 1,
        ...Object.fromEntries(keys.map((k) => [k, spec[k].parse(params[k])])),
      } as FiltersOf<S>;
    },
    parse: (key, raw) => spec[key].parse(raw) as ValueOf<S[typeof key]>,
    toSearch(f) {
      const p = new URLSearchParams();
      for (const k of set(f)) p.set(k, f[k] as string);
      if (f.page > 1) p.set("page", String(f.page));
      const s = p.toString();
      return s ? `?${s}` : "";
    },
    toQuery: (f, size = pageSize) =>
      ({
        page: f.page,
        page_size: size,
        ...Object.fromEntries(set(f).map((k) => [k, f[k]])),
        ...(totals ? { include: "totals" } : {}),
      }) as QueryOf<S, Totals>,
    isFiltered: (f) => set(f).length > 0,
  };
}
