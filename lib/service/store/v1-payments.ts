import "server-only";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { insertRow, pageOfRows, updateRow, type PageRequest } from "./rows";
import { countOf, rollupGroups } from "./rollups";
import { dueBound, nowForRow } from "./sandbox-clocks";
import { v1Payments } from "./schema";
import { ownedBy, type Scope } from "./scope";

/** /v1 payments (migration 0004). */

export type V1PaymentRow = typeof v1Payments.$inferSelect;
export type NewV1PaymentRow = typeof v1Payments.$inferInsert;
type V1PaymentPatch = Partial<Omit<NewV1PaymentRow, "id" | "accountId" | "environment">>;

const inScope = (scope: Scope) => ownedBy(v1Payments, scope);

export function insertV1Payment(tx: Executor, row: NewV1PaymentRow): Promise<V1PaymentRow> {
  return insertRow(tx, v1Payments, row);
}

/** The payment in this scope by id or reference_id (locked for update when `lock`), or null. */
export async function findV1Payment(
  db: Executor,
  scope: Scope,
  by: { id: string } | { referenceId: string },
  options: { lock?: boolean } = {},
): Promise<V1PaymentRow | null> {
  const match = "id" in by ? eq(v1Payments.id, by.id) : eq(v1Payments.referenceId, by.referenceId);
  const query = db
    .select()
    .from(v1Payments)
    .where(and(inScope(scope), match));
  const rows = options.lock ? await query.for("update") : await query;
  return rows[0] ?? null;
}

/** Applies `patch` only while the payment is still in `from`; undefined when it moved meanwhile. */
export function updateV1PaymentFrom(
  tx: Executor,
  id: string,
  from: V1PaymentRow["status"],
  patch: V1PaymentPatch,
): Promise<V1PaymentRow | undefined> {
  return updateRow(tx, v1Payments, and(eq(v1Payments.id, id), eq(v1Payments.status, from)), patch);
}

/** Newest first (created_at, then id), one page, with the total count. */
export function listV1Payments(
  db: Executor,
  scope: Scope,
  filter: PageRequest & { status?: V1PaymentRow["status"] },
): Promise<{ rows: V1PaymentRow[]; total: number }> {
  const where = and(inScope(scope), filter.status ? eq(v1Payments.status, filter.status) : undefined);
  return pageOfRows(db, v1Payments, where, [desc(v1Payments.createdAt), desc(v1Payments.id)], filter, {
    // No date range here: the running counts alone (decision D6.6).
    total: async () =>
      countOf(
        await rollupGroups(db, scope, { source: "v1_payments", status: filter.status, edgeGroups: async () => [] }),
      ),
  });
}

/** The time column that makes a payment in some status due: expires_at (CREATED) or confirm_at (PROCESSING). */
export type V1DueColumn = "expiresAt" | "confirmAt";

/**
 * Ids of payments in `status` whose `due` time has come at `serviceNow` on their own account's
 * clock (of one owner when given), earliest first: a pre-filter, the mover decides under a lock.
 */
export async function dueV1PaymentIds(
  db: Executor,
  o: { status: V1PaymentRow["status"]; due: V1DueColumn; serviceNow: Date; owner?: Scope; limit: number },
): Promise<string[]> {
  const dueColumn = v1Payments[o.due];
  const conditions: SQL[] = [
    eq(v1Payments.status, o.status),
    sql`${dueColumn} <= ${dueBound(o.serviceNow)}`,
    sql`${dueColumn} <= ${nowForRow(o.serviceNow, sql`${v1Payments.accountId}`, sql`${v1Payments.environment}`)}`,
  ];
  if (o.owner)
    conditions.push(eq(v1Payments.accountId, o.owner.accountId), eq(v1Payments.environment, o.owner.environment));
  const due = await db
    .select({ id: v1Payments.id })
    .from(v1Payments)
    .where(and(...conditions))
    .orderBy(asc(dueColumn))
    .limit(o.limit);
  return due.map((r) => r.id);
}

/** The payment locked for update while still in `status`; undefined when it moved or another worker holds it (SKIP LOCKED). */
export async function claimV1Payment(
  tx: Executor,
  id: string,
  status: V1PaymentRow["status"],
): Promise<V1PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(v1Payments)
    .where(and(eq(v1Payments.id, id), eq(v1Payments.status, status)))
    .for("update", { skipLocked: true });
  return row;
}
