import "server-only";
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { DisbursementStatus } from "@/lib/state-machine/disbursements";
import type { AmountTotals } from "@/lib/schemas/list";
import type { Executor } from "./db";
import { disbursements } from "./schema";
import type { Scope } from "./settlement-requests";

export type DisbursementRow = typeof disbursements.$inferSelect;

export interface DisbursementListFilter {
  status?: DisbursementStatus;
  currency?: string;
  /** created_at ≥ createdFrom and < createdBefore. */
  createdFrom?: Date;
  createdBefore?: Date;
}

function disbursementConditions(scope: Scope, filter: DisbursementListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(disbursements.accountId, scope.accountId), eq(disbursements.environment, scope.environment)];
  if (filter.status) conditions.push(eq(disbursements.status, filter.status));
  if (filter.currency) conditions.push(eq(disbursements.currency, filter.currency));
  if (filter.createdFrom) conditions.push(gte(disbursements.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(disbursements.createdAt, filter.createdBefore));
  return and(...conditions);
}

/** Newest first (created_at desc, then id desc), one page, with the total count (the account index serves it). */
export async function listDisbursements(
  db: Executor,
  scope: Scope,
  filter: DisbursementListFilter & { page: number; pageSize: number },
): Promise<{ rows: DisbursementRow[]; total: number }> {
  const where = disbursementConditions(scope, filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(disbursements)
      .where(where)
      .orderBy(desc(disbursements.createdAt), desc(disbursements.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(disbursements).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

/** The count and per-currency sums of every disbursement the filter selects (not one page). */
export async function disbursementTotals(db: Executor, scope: Scope, filter: DisbursementListFilter): Promise<AmountTotals> {
  const rows = await db
    .select({ currency: disbursements.currency, amount: sql<string>`sum(${disbursements.amount})::text`, n: sql<number>`count(*)::int` })
    .from(disbursements)
    .where(disbursementConditions(scope, filter))
    .groupBy(disbursements.currency)
    .orderBy(disbursements.currency);
  return { count: rows.reduce((n, r) => n + Number(r.n), 0), amounts: rows.map((r) => ({ currency: r.currency, amount: r.amount })) };
}
