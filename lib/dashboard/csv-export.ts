import "server-only";
import { authorize } from "@/lib/actions/action";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { MAX_PAGE_SIZE, type Paginated } from "@/lib/schemas/list";
import type { ApiResult } from "@/lib/settlement-api";
import { csvResponse, exportFailed, toCsv, type CsvColumn } from "./csv";

/** Rows exported at most (100 pages of 100). */
const MAX_PAGES = 100;

/**
 * The route handler of a list's CSV export: the reader's session and role checked, then every
 * page of `list` (the same filters as on screen, at the largest page size), as one CSV download.
 * Amounts stay the API's decimal strings, each beside its currency column.
 */
export async function exportList<T>(options: {
  name: string;
  columns: CsvColumn<T>[];
  list: (environment: Environment, page: number, pageSize: number) => Promise<ApiResult<Paginated<T>>>;
}): Promise<Response> {
  const auth = await authorize({ permission: "read", kind: "read" });
  if (!auth.ok) return Response.json({ error: auth.error.code, message: auth.error.message }, { status: auth.error.status ?? 403 });
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await options.list(auth.ctx.environment, page, MAX_PAGE_SIZE);
    if (!result.ok) return exportFailed(result.error);
    rows.push(...result.data.data);
    if (page >= result.data.pagination.total_pages) break;
  }
  return csvResponse(options.name, auth.ctx.environment, toCsv(options.columns, rows));
}

/**
 * The GET handler of a list's export route: the screen's filters read from the query string
 * (`filtersFromParams`), turned into the list's API query for each page (`toListQuery`, without
 * the totals), and every page fetched through `list`.
 */
export function listExportRoute<T, F extends { page: number }, Q extends { include?: string }>(route: {
  name: string;
  columns: CsvColumn<T>[];
  filtersFromParams: (params: Record<string, string>) => F;
  toListQuery: (filters: F, pageSize: number) => Q;
  list: (environment: Environment, query: Omit<Q, "include">) => Promise<ApiResult<Paginated<T>>>;
}): (request: Request) => Promise<Response> {
  return (request) => {
    const filters = route.filtersFromParams(Object.fromEntries(new URL(request.url).searchParams));
    return exportList({
      name: route.name,
      columns: route.columns,
      list: (environment, page, pageSize) => {
        const { include: _totals, ...query } = route.toListQuery({ ...filters, page }, pageSize);
        return route.list(environment, query);
      },
    });
  };
}
