import { filtersFromParams, toListQuery } from "@/components/disbursements/list-filters";
import { authorize } from "@/lib/actions/action";
import { csvResponse, exportFailed, toCsv, type CsvColumn } from "@/lib/dashboard/csv";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { MAX_PAGE_SIZE } from "@/lib/schemas/list";
import { listDisbursements } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

/** Rows exported at most (100 pages of 100). */
const MAX_PAGES = 100;

const COLUMNS: CsvColumn<Disbursement>[] = [
  { header: "id", value: (d) => d.id },
  { header: "status", value: (d) => d.status },
  { header: "amount", value: (d) => d.amount },
  { header: "currency", value: (d) => d.currency },
  { header: "chain", value: (d) => d.chain },
  { header: "wallet_address", value: (d) => d.wallet_address },
  { header: "destination_id", value: (d) => d.destination_id },
  { header: "payment_id", value: (d) => d.payment_id },
  { header: "failure_code", value: (d) => d.failure_reason?.code },
  { header: "created_at", value: (d) => d.created_at },
  { header: "completed_at", value: (d) => d.completed_at },
];

/** GET /disbursements/export?…: the disbursements with the same filters as on screen, as CSV, every page. */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorize({ permission: "read", kind: "read" });
  if (!auth.ok) return Response.json({ error: auth.error.code, message: auth.error.message }, { status: auth.error.status ?? 403 });
  const filters = filtersFromParams(Object.fromEntries(new URL(request.url).searchParams));
  const rows: Disbursement[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { include: _totals, ...query } = toListQuery({ ...filters, page }, MAX_PAGE_SIZE);
    const result = await listDisbursements(auth.ctx.environment, query);
    if (!result.ok) return exportFailed(result.error);
    rows.push(...result.data.data);
    if (page >= result.data.pagination.total_pages) break;
  }
  return csvResponse("disbursements", auth.ctx.environment, toCsv(COLUMNS, rows));
}
