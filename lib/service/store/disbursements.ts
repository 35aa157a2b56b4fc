import "server-only";
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Chain, Environment } from "@/lib/schemas/catalog";
import type { AmountTotals } from "@/lib/schemas/list";
import type { DisbursementStatus, PaymentStatus } from "@/lib/state-machine";
import { isEvmChain } from "@/lib/validators/wallet";
import { newId } from "../ids";
import { queryRows, type Executor } from "@/lib/db/database";
import type { NewPaymentRow } from "./payments";
import { dueBound, nowForRow } from "./sandbox-clocks";
import { disbursementDestinations, disbursements } from "./schema";
import { findOwned, insertRow, pageOfRows, updateRow, type PageRequest } from "./rows";
import { amountTotalsOf, countOf, rollupGroups, type GroupRow, type RollupGroup } from "./rollups";
import { ownedBy, type Scope } from "./scope";

/** Disbursements and their destinations (migration 0004). Their outbound payments: payments.ts. */

export type DisbursementRow = typeof disbursements.$inferSelect;
export type NewDisbursementRow = typeof disbursements.$inferInsert;
type DisbursementPatch = Partial<Omit<NewDisbursementRow, "id" | "accountId" | "environment">>;

/** The comparable form of an address: EVM addresses are case-insensitive. */
export function addressKey(chain: Chain, address: string): string {
  return isEvmChain(chain) ? address.toLowerCase() : address;
}

/** decisions D10: one destination id per (account, chain, address), made on first use. */
export async function destinationIdFor(
  tx: Executor,
  accountId: string,
  chain: Chain,
  address: string,
  at: Date,
): Promise<string> {
  const key = addressKey(chain, address);
  const inserted = await tx
    .insert(disbursementDestinations)
    .values({ id: newId(), accountId, chain, walletAddress: address, addressKey: key, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: disbursementDestinations.id });
  if (inserted[0]) return inserted[0].id;
  const [found] = await tx
    .select({ id: disbursementDestinations.id })
    .from(disbursementDestinations)
    .where(
      and(
        eq(disbursementDestinations.accountId, accountId),
        eq(disbursementDestinations.chain, chain),
        eq(disbursementDestinations.addressKey, key),
      ),
    );
  return found.id;
}

export function insertDisbursement(tx: Executor, row: NewDisbursementRow): Promise<DisbursementRow> {
  return insertRow(tx, disbursements, row);
}

/** The disbursement in this scope (locked for update when `lock`), or null. */
export function findDisbursement(
  db: Executor,
  scope: Scope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<DisbursementRow | null> {
  return findOwned(db, disbursements, scope, id, options);
}

export async function updateDisbursement(tx: Executor, id: string, patch: DisbursementPatch): Promise<void> {
  await updateRow(tx, disbursements, eq(disbursements.id, id), patch);
}

/** Applies `patch` only while the disbursement is still in `from`; undefined when it moved meanwhile. */
export function updateDisbursementFrom(
  tx: Executor,
  id: string,
  from: DisbursementRow["status"],
  patch: DisbursementPatch,
): Promise<DisbursementRow | undefined> {
  return updateRow(tx, disbursements, and(eq(disbursements.id, id), eq(disbursements.status, from)), patch);
}

/**
 * Ids of disbursements in `statuses` whose next rail step is due at `serviceNow` on their own
 * account's clock, earliest first: a cheap pre-filter, the rail decides under a row lock.
 */
export async function dueDisbursementIds(
  db: Executor,
  statuses: readonly DisbursementRow["status"][],
  serviceNow: Date,
  limit: number,
): Promise<string[]> {
  const due = await db
    .select({ id: disbursements.id })
    .from(disbursements)
    .where(
      and(
        inArray(disbursements.status, [...statuses]),
        sql`${disbursements.nextStepAt} <= ${dueBound(serviceNow)}`,
        sql`${disbursements.nextStepAt} <= ${nowForRow(serviceNow, sql`${disbursements.accountId}`, sql`${disbursements.environment}`)}`,
      ),
    )
    .orderBy(asc(disbursements.nextStepAt))
    .limit(limit);
  return due.map((r) => r.id);
}

/** The disbursement locked for update, or undefined when another worker holds it (SKIP LOCKED). */
export async function claimDisbursement(tx: Executor, id: string): Promise<DisbursementRow | undefined> {
  const [locked] = await tx
    .select()
    .from(disbursements)
    .where(eq(disbursements.id, id))
    .for("update", { skipLocked: true });
  return locked;
}

/** The outbound payment of a new disbursement, PENDING like it. */
export function newDisbursementPayment(d: {
  id: string;
  paymentId: string;
  accountId: string;
  environment: Environment;
  amount: string;
  currency: string;
  chain: Chain;
  walletAddress: string;
  at: Date;
}): NewPaymentRow {
  const status: PaymentStatus = "PENDING";
  return {
    id: d.paymentId,
    accountId: d.accountId,
    environment: d.environment,
    type: "PAYOUT",
    status,
    disbursementId: d.id,
    amount: d.amount,
    currency: d.currency,
    rail: d.chain,
    source: { amount: d.amount, currency: d.currency, rail: d.chain, wallet_address: null },
    destination: { amount: d.amount, currency: d.currency, rail: d.chain, wallet_address: d.walletAddress },
    fee: "0",
    metadata: { disbursement_id: d.id },
    createdAt: d.at,
    updatedAt: d.at,
    statusChangedAt: d.at,
  };
}

/** What GET /v0/disbursements filters on (decision D10.6). */
export interface DisbursementListFilter {
  status?: DisbursementStatus;
  currency?: string;
  /** created_at ≥ createdFrom and < createdBefore. */
  createdFrom?: Date;
  createdBefore?: Date;
}

export function disbursementConditions(scope: Scope, filter: DisbursementListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ownedBy(disbursements, scope)];
  if (filter.status) conditions.push(eq(disbursements.status, filter.status));
  if (filter.currency) conditions.push(eq(disbursements.currency, filter.currency));
  if (filter.createdFrom) conditions.push(gte(disbursements.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(disbursements.createdAt, filter.createdBefore));
  return and(...conditions);
}

/** Count and sum per currency of the disbursements the filter selects: running counts for whole days, rows for the edges (D6.6). */
function disbursementGroups(db: Executor, scope: Scope, filter: DisbursementListFilter): Promise<RollupGroup[]> {
  return rollupGroups(db, scope, {
    source: "disbursements",
    status: filter.status,
    currency: filter.currency,
    range: filter,
    edgeGroups: (edge) =>
      queryRows<GroupRow>(
        db,
        sql`SELECT ${disbursements.currency} AS currency, '' AS currency2, count(*)::text AS n, sum(${disbursements.amount})::text AS amount, NULL AS amount2
              FROM ${disbursements} WHERE ${and(disbursementConditions(scope, { status: filter.status, currency: filter.currency }), edge)} GROUP BY 1`,
      ),
  });
}

/** Newest first (created_at desc, then id desc), one page, with the total count (from the running counts). */
export function listDisbursements(
  db: Executor,
  scope: Scope,
  filter: DisbursementListFilter & PageRequest,
): Promise<{ rows: DisbursementRow[]; total: number }> {
  return pageOfRows(
    db,
    disbursements,
    disbursementConditions(scope, filter),
    [desc(disbursements.createdAt), desc(disbursements.id)],
    filter,
    {
      total: async () => countOf(await disbursementGroups(db, scope, filter)),
    },
  );
}

/** The count and per-currency sums of every disbursement the filter selects (not one page). */
export async function disbursementTotals(
  db: Executor,
  scope: Scope,
  filter: DisbursementListFilter,
): Promise<AmountTotals> {
  const groups = await disbursementGroups(db, scope, filter);
  return amountTotalsOf(groups);
}
