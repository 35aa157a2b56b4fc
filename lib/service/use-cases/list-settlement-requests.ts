import "server-only";
import type { Paginated, SettlementRequestListQuery, SettlementTotals } from "@/lib/schemas/list";
import type { Caller, ServiceDeps } from "../context";
import { paymentsOfRequests } from "../store/payments";
import { listSettlementRequests as listRows, settlementTotals } from "../store/settlement-requests";
import { createdRange } from "@/lib/schemas/created-range";
import { pageOf } from "./pagination";
import { toSettlementRequest, type SettlementRequestView } from "./settlement-request-view";

/** GET /v0/settlement-requests: newest first, filtered by status, external_id and created_at; totals on request. */
export async function listSettlementRequests(
  deps: ServiceDeps,
  caller: Caller,
  query: SettlementRequestListQuery,
): Promise<Paginated<SettlementRequestView> & { totals?: SettlementTotals }> {
  const filter = { status: query.status, externalId: query.external_id, ...createdRange(query) };
  const { rows, total } = await listRows(deps.db, caller, { page: query.page, pageSize: query.page_size, ...filter });
  const payments = await paymentsOfRequests(
    deps.db,
    rows.map((r) => r.id),
  );
  const now = deps.clock.now();
  const page = {
    data: rows.map((r) => toSettlementRequest(r, payments, now)),
    pagination: pageOf(query.page, query.page_size, total),
  };
  if (query.include !== "totals") return page;
  const totals = await settlementTotals(deps.db, caller, filter);
  return {
    ...page,
    totals: { count: totals.count, payer_sends: totals.payerSends, recipient_gets: totals.recipientGets },
  };
}
