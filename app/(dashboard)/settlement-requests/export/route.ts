import { requestFilters } from "@/components/settlement-requests/list/list-filters";
import { SETTLEMENT_CSV_COLUMNS } from "@/lib/dashboard/csv";
import { listExport } from "@/lib/page-data/list-export";
import { listSettlementRequests } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

/**
 * GET /settlement-requests/export?status=&external_id=&created_from=&created_to=: the list with
 * the same filters as on screen, as CSV, every page.
 * Amounts stay the API's decimal strings, each beside its currency column.
 */
export const GET = listExport({
  name: "settlement-requests",
  codec: requestFilters,
  columns: SETTLEMENT_CSV_COLUMNS,
  read: listSettlementRequests,
});
