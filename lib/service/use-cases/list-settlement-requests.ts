import "server-only";
import type { Paginated } from "@/lib/schemas/list";
import type { SettlementRequestListQuery } from "@/lib/schemas/list";
import type { Caller, ServiceDeps } from "../context";
import { paymentsOfRequests } from "../store/payments";
import { listSettlementRequests as listRows } from "../store/settlement-requests";
import { toSettlementRequest, type SettlementRequestView } from "./settlement-request-view";

export function pagination(page: number, pageSize: number, total: number) {
  return { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) };
}

/** GET /v0/settlement-requests: newest first, filtered by status and external_id. */
export async function listSettlementRequests(
  deps: ServiceDeps,
  caller: Caller,
  query: SettlementRequestListQuery,
): Promise<Paginated<SettlementRequestView>> {
  const { rows, total } = await listRows(deps.db, caller, {
    page: query.page,
    pageSize: query.page_size,
    status: query.status,
    externalId: query.external_id,
  });
  const payments = await paymentsOfRequests(deps.db, rows.map((r) => r.id));
  const now = deps.clock.now();
  return {
    data: rows.map((r) => toSettlementRequest(r, payments, now)),
    pagination: pagination(query.page, query.page_size, total),
  };
}
