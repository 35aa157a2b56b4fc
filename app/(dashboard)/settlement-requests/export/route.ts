import { filtersFromParams, toListQuery } from "@/components/settlement-requests/list/list-filters";
import { SETTLEMENT_CSV_COLUMNS } from "@/lib/dashboard/csv";
import { listExportRoute } from "@/lib/dashboard/csv-export";
import { listSettlementRequests } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

/** GET /settlement-requests/export?status=&external_id=&created_from=&created_to=: the list with the same filters as on screen, as CSV, every page. */
export const GET = listExportRoute({ name: "settlement-requests", columns: SETTLEMENT_CSV_COLUMNS, filtersFromParams, toListQuery, list: listSettlementRequests });
