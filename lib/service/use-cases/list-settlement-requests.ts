import "server-only";
import type { Paginated, SettlementRequestListQuery, SettlementTotals } from "@/lib/schemas/list";
import type { Caller, ServiceDeps } from "../context";
import { paymentsOfRequests } from "../store/payments";
import { listSettlementRequests as listRows, settlementTotals } from "../store/settlement-requests";
import { toSettlementRequest, type SettlementRequestView } from "./settlement-request-view";

export function pagination(page: number, pageSize: number, total: number) {
  return { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) };
}

/**
 * The created_at bounds of a list query (decision D6.2): a date means its whole day in UTC; an
 * instant is exclusive as an upper bound.
 */
export function createdRange(query: Pick<SettlementRequestListQuery, "created_from" | "created_to">): { createdFrom?: Date; createdBefore?: Date } {
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const out: { createdFrom?: Date; createdBefore?: Date } = {};
  if (query.created_from) out.createdFrom = new Date(isDate(query.created_from) ? `${query.created_from}T00:00:00Z` : query.created_from);
  if (query.created_to) {
    out.createdBefore = isDate(query.created_to)
      ? new Date(Date.parse(`${query.created_to}T00:00:00Z`) + 86_400_000)
      : new Date(query.created_to);
  }
  return out;
}

/** GET /v0/settlement-requests: newest first, filtered by status, external_id and created_at; totals on request. */
export async function listSettlementRequests(
  deps: ServiceDeps,
  caller: Caller,
  query: SettlementRequestListQuery,
): Promise<Paginated<SettlementRequestView> & { totals?: SettlementTotals }> {
  const filter = { status: query.status, externalId: query.external_id, ...createdRange(query) };
  const { rows, total } = await listRows(deps.db, caller, { page: query.page, pageSize: query.page_size, ...filter });
  const payments = await paymentsOfRequests(deps.db, rows.map((r) => r.id));
  const now = deps.clock.now();
  const page = {
    data: rows.map((r) => toSettlementRequest(r, payments, now)),
    pagination: pagination(query.page, query.page_size, total),
  };
  if (query.include !== "totals") return page;
  const totals = await settlementTotals(deps.db, caller, filter);
  return { ...page, totals: { count: totals.count, payer_sends: totals.payerSends, recipient_gets: totals.recipientGets } };
}
