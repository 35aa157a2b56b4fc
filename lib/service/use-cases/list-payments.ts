import "server-only";
import type { Paginated } from "@/lib/schemas/list";
import type { Payment, PaymentListQuery } from "@/lib/schemas/payment";
import type { Caller, ServiceDeps } from "../context";
import { listPayments as listRows } from "../store/payments";
import { pagination } from "./list-settlement-requests";
import { toPayment } from "./payment-view";

/** GET /v0/payments: newest first, filtered by status, type and settlement_request_id. */
export async function listPayments(deps: ServiceDeps, caller: Caller, query: PaymentListQuery): Promise<Paginated<Payment>> {
  const { rows, total } = await listRows(deps.db, caller, {
    page: query.page,
    pageSize: query.page_size,
    status: query.status,
    type: query.type,
    settlementRequestId: query.settlement_request_id,
  });
  return { data: rows.map(toPayment), pagination: pagination(query.page, query.page_size, total) };
}
