import { requestFilters } from "@/components/settlement-requests/list/list-filters";
import { authorize } from "@/lib/actions/action";
import { listCsvResponse, SETTLEMENT_CSV_COLUMNS } from "@/lib/dashboard/csv";
import { listSettlementRequests } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

/**
 * GET /settlement-requests/export?status=&external_id=&created_from=&created_to=: the list with
 * the same filters as on screen, as CSV, every page.
 * Amounts stay the API's decimal strings, each beside its currency column.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorize("read", undefined);
  if (!auth.ok) return Response.json({ error: auth.error.code, message: auth.error.message }, { status: auth.error.status ?? 403 });
  const filters = requestFilters.fromParams(Object.fromEntries(new URL(request.url).searchParams));
  return listCsvResponse("settlement-requests", auth.ctx.environment, SETTLEMENT_CSV_COLUMNS, (page, pageSize) => {
    const { include: _totals, ...query } = requestFilters.toQuery({ ...filters, page }, pageSize);
    return listSettlementRequests(auth.ctx.environment, query);
  });
}
