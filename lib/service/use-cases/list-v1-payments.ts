import "server-only";
import type { Paginated } from "@/lib/schemas/list";
import type { V1Payment, V1PaymentListQuery } from "@/lib/schemas/v1-payment";
import type { Caller, ServiceDeps } from "../context";
import { listV1Payments as listRows } from "../store/v1-payments";
import { pageOf } from "./pagination";
import { expireDueV1Payments } from "./v1-payment-clock";
import { v1PaymentToWire } from "./v1-payment-view";

/** GET /v1/payments: newest first (created_at, then id), the list envelope of decisions D6. */
export async function listV1Payments(
  deps: ServiceDeps,
  caller: Caller,
  query: V1PaymentListQuery,
): Promise<Paginated<V1Payment>> {
  await expireDueV1Payments(deps, caller);
  const { rows, total } = await listRows(deps.db, caller, {
    page: query.page,
    pageSize: query.page_size,
    status: query.status,
  });
  return { data: rows.map(v1PaymentToWire), pagination: pageOf(query.page, query.page_size, total) };
}
