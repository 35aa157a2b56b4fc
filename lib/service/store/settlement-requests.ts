import "server-only";
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { SandboxSettlementStatus } from "@/lib/state-machine";
import type { Executor } from "@/lib/db/database";
import { findOwned, pageOfRows, type PageRequest } from "./rows";
import { payments, settlementRequestHistory, settlementRequests } from "./schema";
import type { PaymentRow } from "./payments";
import { ownedBy, type Scope } from "./scope";
import { fromJsonRow, rowAsJson } from "./json-rows";
import { insertSql, type Write } from "./one-statement";
import { batchedLookup } from "./batched-lookup";
import { queryRows } from "@/lib/db/database";
import { countOf, mergeGroups, rollupGroups, type GroupRow, type RollupGroup } from "./rollups";

export type SettlementRequestRow = typeof settlementRequests.$inferSelect;
export type NewSettlementRequestRow = typeof settlementRequests.$inferInsert;
export type HistoryRow = typeof settlementRequestHistory.$inferSelect;
export type NewHistoryRow = typeof settlementRequestHistory.$inferInsert;

const inScope = (scope: Scope) => ownedBy(settlementRequests, scope);

/** A new request with its payments and first history row, as writes for oneStatement (with its event's). */
export function newSettlementRequestWrites(
  request: SettlementRequestRow,
  rows: PaymentRow[],
  history: NewHistoryRow,
): Write[] {
  return [
    { name: "request_row", statement: insertSql(settlementRequests, [request]) },
    { name: "payment_rows", statement: insertSql(payments, rows) },
    { name: "history_row", statement: insertSql(settlementRequestHistory, [history]) },
  ];
}

/** The request, or null when it does not exist in this scope. `lock` takes a row lock (in a transaction). */
export function findSettlementRequest(
  db: Executor,
  scope: Scope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<SettlementRequestRow | null> {
  return findOwned(db, settlementRequests, scope, id, options);
}

// The hottest read (GET by id): prepared once per database handle (building the query costs
// more than running it), each row as one JSON value (describing and parsing 42 columns per call
// cost more than the query too), and look-ups of one turn of the event loop batched into one
// query (batched-lookup.ts). The scope is checked on the rows found.
type RequestDocument = { request: Record<string, unknown>; payments: Record<string, unknown>[] | null };
const prepareRequestsWithPayments = (db: Executor) =>
  db
    .select({
      request: sql<Record<string, unknown>>`${rowAsJson(settlementRequests)}`,
      payments: sql<
        Record<string, unknown>[] | null
      >`(SELECT json_agg(${rowAsJson(payments)}) FROM ${payments} WHERE ${payments.settlementRequestId} = "settlement_requests"."id")`,
    })
    .from(settlementRequests)
    .where(sql`${settlementRequests.id} = ANY(${sql.placeholder("ids")}::text[])`)
    .prepare("find_settlement_requests_with_payments");
const lookups = new WeakMap<Executor, (id: string) => Promise<RequestDocument | undefined>>();
function lookupFor(db: Executor) {
  let lookup = lookups.get(db);
  if (!lookup) {
    const prepared = prepareRequestsWithPayments(db);
    lookup = batchedLookup(async (ids: string[]) => {
      const rows: RequestDocument[] = await prepared.execute({ ids });
      return new Map(rows.map((r) => [r.request.id as string, r]));
    });
    lookups.set(db, lookup);
  }
  return lookup;
}

/** The request with its payments in one round trip (no lock), or null when it does not exist in this scope. */
export async function findSettlementRequestWithPayments(
  db: Executor,
  scope: Scope,
  id: string,
): Promise<{ row: SettlementRequestRow; payments: PaymentRow[] } | null> {
  const found = await lookupFor(db)(id);
  if (!found || found.request.account_id !== scope.accountId || found.request.environment !== scope.environment)
    return null;
  return {
    row: fromJsonRow(settlementRequests, found.request),
    payments: (found.payments ?? []).map((p) => fromJsonRow(payments, p)),
  };
}

/** By id alone, locked: for the scheduler, which works across accounts. */
export async function lockSettlementRequestById(db: Executor, id: string): Promise<SettlementRequestRow | null> {
  const rows = await db.select().from(settlementRequests).where(eq(settlementRequests.id, id)).limit(1).for("update");
  return rows[0] ?? null;
}

export async function updateSettlementRequest(
  db: Executor,
  id: string,
  patch: Partial<Omit<NewSettlementRequestRow, "id" | "accountId" | "environment">>,
): Promise<SettlementRequestRow> {
  const [row] = await db.update(settlementRequests).set(patch).where(eq(settlementRequests.id, id)).returning();
  return row;
}

export interface RequestListFilter extends PageRequest {
  status?: SandboxSettlementStatus;
  externalId?: string;
  /** created_at ≥ createdFrom and < createdBefore. */
  createdFrom?: Date;
  createdBefore?: Date;
}

export function requestConditions(scope: Scope, filter: Omit<RequestListFilter, "page" | "pageSize">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inScope(scope)];
  if (filter.status) conditions.push(eq(settlementRequests.status, filter.status));
  if (filter.externalId !== undefined) conditions.push(eq(settlementRequests.externalId, filter.externalId));
  if (filter.createdFrom) conditions.push(gte(settlementRequests.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(settlementRequests.createdAt, filter.createdBefore));
  return and(...conditions);
}

/** Count and sums per currency pair of the requests the filter selects: running counts, or the rows for an external_id. */
function requestGroups(
  db: Executor,
  scope: Scope,
  filter: Omit<RequestListFilter, "page" | "pageSize">,
): Promise<RollupGroup[]> {
  const groupsOfRows = (where: SQL | undefined) =>
    queryRows<GroupRow>(
      db,
      sql`SELECT ${settlementRequests.paymentInstructions}->>'currency' AS currency, ${settlementRequests.paymentInstructions}->>'destination_currency' AS currency2,
                 count(*)::text AS n, sum((${settlementRequests.paymentInstructions}->>'amount')::numeric)::text AS amount,
                 sum((${settlementRequests.paymentInstructions}->>'destination_amount')::numeric)::text AS amount2
            FROM ${settlementRequests} WHERE ${where} GROUP BY 1, 2`,
    );
  // An external_id selects a handful of rows (its own index): counting them is cheaper than any rollup.
  if (filter.externalId !== undefined)
    return groupsOfRows(requestConditions(scope, filter)).then((rows) => mergeGroups([rows]));
  return rollupGroups(db, scope, {
    source: "settlement_requests",
    status: filter.status,
    range: filter,
    edgeGroups: (edge) => groupsOfRows(and(requestConditions(scope, { status: filter.status }), edge)),
  });
}

/** Newest first (created_at desc, then id desc), one page, with the total count (from the running counts). */
export function listSettlementRequests(
  db: Executor,
  scope: Scope,
  filter: RequestListFilter,
): Promise<{ rows: SettlementRequestRow[]; total: number }> {
  return pageOfRows(
    db,
    settlementRequests,
    requestConditions(scope, filter),
    [desc(settlementRequests.createdAt), desc(settlementRequests.id)],
    filter,
    {
      total: async () => countOf(await requestGroups(db, scope, filter)),
    },
  );
}

/**
 * The count and per-currency sums of every request the filter selects (not one page): what payers
 * send (the instructions' amount and currency) and what recipients get. Exact, from the running
 * counts of migration 0017 (decision D6.6).
 */
export async function settlementTotals(
  db: Executor,
  scope: Scope,
  filter: Omit<RequestListFilter, "page" | "pageSize">,
): Promise<{
  count: number;
  payerSends: Array<{ currency: string; amount: string }>;
  recipientGets: Array<{ currency: string; amount: string }>;
}> {
  const groups = await requestGroups(db, scope, filter);
  const bySide = (side: "payer" | "recipient") =>
    mergeGroups([
      groups.map((g) => ({
        currency: side === "payer" ? g.currency : g.currency2,
        currency2: "",
        n: String(g.n),
        amount: side === "payer" ? g.amount : g.amount2,
        amount2: null,
      })),
    ]).map((g) => ({ currency: g.currency, amount: g.amount }));
  return { count: countOf(groups), payerSends: bySide("payer"), recipientGets: bySide("recipient") };
}

export async function insertHistory(db: Executor, row: NewHistoryRow): Promise<void> {
  await db.insert(settlementRequestHistory).values(row);
}

/** Oldest first. */
export async function listHistory(db: Executor, settlementRequestId: string): Promise<HistoryRow[]> {
  return db
    .select()
    .from(settlementRequestHistory)
    .where(eq(settlementRequestHistory.settlementRequestId, settlementRequestId))
    .orderBy(asc(settlementRequestHistory.seq));
}
