import "server-only";
import type { Paginated, PaymentTotals } from "@/lib/schemas/list";
import type { Payment, PaymentListQuery } from "@/lib/schemas/payment";
import type { Caller, ServiceDeps } from "../context";
import { listPayments as listRows, paymentTotals } from "../store/payments";
import { createdRange } from "@/lib/schemas/created-range";
import { pageOf } from "./pagination";
import { toPayment } from "./payment-view";

/** GET /v0/payments: newest first, filtered by status, type, settlement_request_id and created_at (D6.2); totals on request. */
export async function listPayments(
  deps: ServiceDeps,
  caller: Caller,
  query: PaymentListQuery,
): Promise<Paginated<Payment> & { totals?: PaymentTotals }> {
  const filter = {
    status: query.status,
    type: query.type,
    settlementRequestId: query.settlement_request_id,
    ...createdRange(query),
  };
  const { rows, total } = await listRows(deps.db, caller, { page: query.page, pageSize: query.page_size, ...filter });
  const page = { data: rows.map(toPayment), pagination: pageOf(query.page, query.page_size, total) };
  if (query.include !== "totals") return page;
  return { ...page, totals: await paymentTotals(deps.db, caller, filter) };
}
