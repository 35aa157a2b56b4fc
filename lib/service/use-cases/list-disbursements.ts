import "server-only";
import type { Disbursement, DisbursementListQuery } from "@/lib/schemas/disbursement";
import type { AmountTotals, Paginated } from "@/lib/schemas/list";
import type { Caller, ServiceDeps } from "../context";
import { disbursementTotals, listDisbursements as listRows } from "../store/disbursements";
import { createdRange } from "@/lib/schemas/created-range";
import { disbursementToWire } from "./disbursement-view";
import { pageOf } from "./pagination";

/** GET /v0/disbursements (extension, D10.6): newest first, filtered by status, currency and created_at; totals on request. */
export async function listDisbursements(
  deps: ServiceDeps,
  caller: Caller,
  query: DisbursementListQuery,
): Promise<Paginated<Disbursement> & { totals?: AmountTotals }> {
  const filter = { status: query.status, currency: query.currency, ...createdRange(query) };
  const { rows, total } = await listRows(deps.db, caller, { page: query.page, pageSize: query.page_size, ...filter });
  const page = { data: rows.map(disbursementToWire), pagination: pageOf(query.page, query.page_size, total) };
  if (query.include !== "totals") return page;
  return { ...page, totals: await disbursementTotals(deps.db, caller, filter) };
}
