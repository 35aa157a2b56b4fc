import { filtersFromParams } from "@/components/settlement-requests/list/list-filters";
import { authorize } from "@/lib/actions/action";
import { csvResponse, exportFailed, toCsv, SETTLEMENT_CSV_COLUMNS } from "@/lib/dashboard/csv";
import { MAX_PAGE_SIZE } from "@/lib/schemas/list";
import { listSettlementRequests } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

/** Rows exported at most (100 pages of 100). */
const MAX_PAGES = 100;

/**
 * GET /settlement-requests/export?status=&external_id=&created_from=&created_to=: the list with
 * the same filters as on screen, as CSV, every page.
 * Amounts stay the API's decimal strings, each beside its currency column.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorize({ permission: "read", kind: "read" });
  if (!auth.ok) return Response.json({ error: auth.error.code, message: auth.error.message }, { status: auth.error.status ?? 403 });
  const filters = filtersFromParams(Object.fromEntries(new URL(request.url).searchParams));
  const rows = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await listSettlementRequests(auth.ctx.environment, {
      page,
      page_size: MAX_PAGE_SIZE,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.external_id ? { external_id: filters.external_id } : {}),
      ...(filters.created_from ? { created_from: filters.created_from } : {}),
      ...(filters.created_to ? { created_to: filters.created_to } : {}),
    });
    if (!result.ok) return exportFailed(result.error);
    rows.push(...result.data.data);
    if (page >= result.data.pagination.total_pages) break;
  }
  return csvResponse("settlement-requests", auth.ctx.environment, toCsv(SETTLEMENT_CSV_COLUMNS, rows));
}
