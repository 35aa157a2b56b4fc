import "server-only";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Paginated } from "@/lib/schemas/list";
import type { V1Payment, V1PaymentListQuery } from "@/lib/schemas/v1-payment";
import type { Caller, ServiceDeps } from "../context";
import { v1Payments } from "../store/schema";
import { expireDueV1Payments } from "./v1-payment-clock";
import { v1PaymentToWire } from "./v1-payment-records";

/** GET /v1/payments: newest first (created_at, then id), the list envelope of decisions D6. */
export async function listV1Payments(deps: ServiceDeps, caller: Caller, query: V1PaymentListQuery): Promise<Paginated<V1Payment>> {
  await expireDueV1Payments(deps, caller);
  const conditions: SQL[] = [eq(v1Payments.accountId, caller.accountId), eq(v1Payments.environment, caller.environment)];
  if (query.status) conditions.push(eq(v1Payments.status, query.status));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    deps.db
      .select()
      .from(v1Payments)
      .where(where)
      .orderBy(desc(v1Payments.createdAt), desc(v1Payments.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    deps.db.select({ n: count() }).from(v1Payments).where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  return {
    data: rows.map(v1PaymentToWire),
    pagination: { page: query.page, page_size: query.page_size, total, total_pages: Math.ceil(total / query.page_size) },
  };
}
