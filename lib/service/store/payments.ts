import "server-only";
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PaymentStatus, PaymentType } from "@/lib/state-machine";
import type { AmountTotals } from "@/lib/schemas/list";
import { queryRows, type Executor } from "@/lib/db/database";
import { findOwned, insertRow, pageOfRows, type PageRequest } from "./rows";
import { amountTotalsOf, countOf, mergeGroups, rollupGroups, type GroupRow, type RollupGroup } from "./rollups";
import { payments } from "./schema";
import { ownedBy, type Scope } from "./scope";

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

const inScope = (scope: Scope) => ownedBy(payments, scope);

export function findPayment(
  db: Executor,
  scope: Scope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PaymentRow | null> {
  return findOwned(db, payments, scope, id, options);
}

/** The PAYIN and PAYOUT of each request. */
export async function paymentsOfRequests(db: Executor, requestIds: readonly string[]): Promise<PaymentRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.settlementRequestId, [...requestIds]));
}

/** A payment by id alone, for its owner's own moves (a disbursement's outbound payment); it must exist. */
export async function paymentById(db: Executor, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`payment ${id} is missing`);
  return row;
}

export function insertPayment(db: Executor, row: NewPaymentRow): Promise<PaymentRow> {
  return insertRow(db, payments, row);
}

export async function updatePayment(
  db: Executor,
  id: string,
  patch: Partial<Omit<NewPaymentRow, "id" | "accountId" | "environment">>,
): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(patch).where(eq(payments.id, id)).returning();
  return row;
}

export interface PaymentListFilter extends PageRequest {
  status?: PaymentStatus;
  type?: PaymentType;
  settlementRequestId?: string;
  /** created_at ≥ createdFrom and < createdBefore. */
  createdFrom?: Date;
  createdBefore?: Date;
}

export function paymentConditions(scope: Scope, filter: Omit<PaymentListFilter, "page" | "pageSize">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inScope(scope)];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.type) conditions.push(eq(payments.type, filter.type));
  if (filter.settlementRequestId !== undefined)
    conditions.push(eq(payments.settlementRequestId, filter.settlementRequestId));
  if (filter.createdFrom) conditions.push(gte(payments.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(payments.createdAt, filter.createdBefore));
  return and(...conditions);
}

/** Count and sum per currency of the payments the filter selects: running counts, or the rows of one settlement request. */
async function paymentGroups(
  db: Executor,
  scope: Scope,
  filter: Omit<PaymentListFilter, "page" | "pageSize">,
): Promise<RollupGroup[]> {
  const groupsOfRows = (where: SQL | undefined) =>
    queryRows<GroupRow>(
      db,
      sql`SELECT ${payments.currency} AS currency, '' AS currency2, count(*)::text AS n, sum(${payments.amount})::text AS amount, NULL AS amount2
            FROM ${payments} WHERE ${where} GROUP BY 1`,
    );
  // A settlement request has two payments: its rows are cheaper than any rollup.
  if (filter.settlementRequestId !== undefined)
    return mergeGroups([await groupsOfRows(paymentConditions(scope, filter))]);
  return rollupGroups(db, scope, {
    source: "payments",
    status: filter.status,
    kind: filter.type,
    range: filter,
    edgeGroups: (edge) =>
      groupsOfRows(and(paymentConditions(scope, { status: filter.status, type: filter.type }), edge)),
  });
}

/** The count and per-currency sums of every payment the filter selects (not one page), from the running counts (D6.6). */
export async function paymentTotals(
  db: Executor,
  scope: Scope,
  filter: Omit<PaymentListFilter, "page" | "pageSize">,
): Promise<AmountTotals> {
  const groups = await paymentGroups(db, scope, filter);
  return amountTotalsOf(groups);
}

/** Newest first (created_at desc, then id desc), one page, with the total count. */
export function listPayments(
  db: Executor,
  scope: Scope,
  filter: PaymentListFilter,
): Promise<{ rows: PaymentRow[]; total: number }> {
  return pageOfRows(
    db,
    payments,
    paymentConditions(scope, filter),
    [desc(payments.createdAt), desc(payments.id)],
    filter,
    {
      total: async () => countOf(await paymentGroups(db, scope, filter)),
    },
  );
}
