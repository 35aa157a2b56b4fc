import "server-only";
import { authorize } from "@/lib/auth/authorize";
import { listCsvResponse, refused, type CsvColumn, type PageResult } from "@/lib/dashboard/csv";
import type { Environment } from "@/lib/dashboard/environment-schema";
import type { FilterField, ListFiltersCodec, QueryOf } from "@/lib/dashboard/list-filters";

/**
 * The GET handler of a list's CSV export (`/payments/export?…`): the same filters as the list
 * on screen (its codec reads them from the URL), every page, as `name-<environment>-<time>.csv`.
 * `action` names the list action whose permission the export needs.
 */
export function listExport<S extends Record<string, FilterField<string>>, WithTotals extends boolean, Row, Out = Row>({
  name,
  action,
  codec,
  columns,
  read,
  decorate,
}: {
  name: string;
  action?: string;
  codec: ListFiltersCodec<S, WithTotals>;
  columns: CsvColumn<Out>[];
  read: (environment: Environment, query: Omit<QueryOf<S, WithTotals>, "include">) => Promise<PageResult<Row>>;
  /** What the console adds to each row the API returned (a batch's reference), every row read at once. */
  decorate?: (environment: Environment, rows: Row[]) => Promise<Out[]>;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    const auth = await authorize({ name: action, permission: "read", kind: "read" });
    if (!auth.ok) return refused(auth.error);
    const filters = codec.fromParams(Object.fromEntries(new URL(request.url).searchParams));
    const environment = auth.ctx.environment;
    return listCsvResponse(
      name,
      environment,
      columns,
      (page, pageSize) => {
        const { include: _totals, ...query } = codec.toQuery({ ...filters, page }, pageSize) as QueryOf<
          S,
          WithTotals
        > & {
          include?: "totals";
        };
        return read(environment, query);
      },
      decorate ? (rows) => decorate(environment, rows) : undefined,
    );
  };
}
