import "server-only";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { Dec, toDec, type DecimalInput } from "@/lib/money/decimal";
import type { Environment } from "@/lib/schemas/catalog";
import type { Executor } from "@/lib/db/database";
import { ownedBy } from "./scope";
import { balances, ledgerEntries, type LedgerKind, type LedgerRefType } from "./schema";

/**
 * The ledger and the balance derived from it (decisions D10). Every function writes one ledger
 * entry and changes the balance row by the same deltas, in the caller's transaction. Debits are
 * single conditional UPDATEs (`… WHERE available >= x`), so concurrent callers serialise on the
 * row and a balance never goes negative; the CHECKs of the table back that up.
 */

export interface BalanceKey {
  accountId: string;
  environment: Environment;
  currency: string;
}

/** A balance as numeric strings straight from the database. */
export interface BalanceRow {
  currency: string;
  total: string;
  available: string;
  reserved: string;
}

export interface LedgerRef {
  refType: LedgerRefType;
  refId: string | null;
}

export interface BalanceChange {
  before: BalanceRow;
  after: BalanceRow;
}

const ZERO = "0";
const keyOf = (k: BalanceKey) =>
  and(eq(balances.accountId, k.accountId), eq(balances.environment, k.environment), eq(balances.currency, k.currency));
const numeric = (x: Dec) => sql`${x.toFixed()}::numeric`;
const selected = {
  currency: balances.currency,
  total: balances.total,
  available: balances.available,
  reserved: balances.reserved,
};

function positive(amount: DecimalInput): Dec {
  const x = toDec(amount);
  if (!x.isPositive() || x.isZero()) throw new RangeError(`ledger amount must be > 0: ${x.toFixed()}`);
  return x;
}

/** The row as it was before a change of (availableDelta, reservedDelta). */
function beforeOf(after: BalanceRow, availableDelta: Dec, reservedDelta: Dec): BalanceRow {
  const available = toDec(after.available).minus(availableDelta);
  const reserved = toDec(after.reserved).minus(reservedDelta);
  return {
    currency: after.currency,
    available: available.toFixed(),
    reserved: reserved.toFixed(),
    total: available.plus(reserved).toFixed(),
  };
}

async function entry(
  tx: Executor,
  key: BalanceKey,
  kind: LedgerKind,
  availableDelta: Dec,
  reservedDelta: Dec,
  ref: LedgerRef,
  at: Date,
) {
  await tx.insert(ledgerEntries).values({
    ...key,
    kind,
    availableDelta: availableDelta.toFixed(),
    reservedDelta: reservedDelta.toFixed(),
    refType: ref.refType,
    refId: ref.refId,
    createdAt: at,
  });
}

/**
 * Applies deltas to the row when `guard` holds; null when it does not (or there is no row).
 * Writes the ledger entry only when the row changed.
 */
async function move(
  tx: Executor,
  key: BalanceKey,
  kind: LedgerKind,
  deltas: { available: Dec; reserved: Dec },
  guard: ReturnType<typeof gte> | undefined,
  ref: LedgerRef,
  at: Date,
): Promise<BalanceChange | null> {
  const rows = await tx
    .update(balances)
    .set({
      available: sql`${balances.available} + ${numeric(deltas.available)}`,
      reserved: sql`${balances.reserved} + ${numeric(deltas.reserved)}`,
      total: sql`${balances.total} + ${numeric(deltas.available.plus(deltas.reserved))}`,
      updatedAt: at,
    })
    .where(guard ? and(keyOf(key), guard) : keyOf(key))
    .returning(selected);
  const after = rows[0];
  if (!after) return null;
  await entry(tx, key, kind, deltas.available, deltas.reserved, ref, at);
  return { before: beforeOf(after, deltas.available, deltas.reserved), after };
}

/**
 * Moves `amount` from available to reserved when available ≥ `required` (default: the amount;
 * a /v1 payment asks for amount + network fee). Null when the funds are not there.
 */
export function reserveFunds(
  tx: Executor,
  key: BalanceKey,
  amount: DecimalInput,
  ref: LedgerRef,
  at: Date,
  required: DecimalInput = amount,
): Promise<BalanceChange | null> {
  const x = positive(amount);
  const need = toDec(required);
  return move(
    tx,
    key,
    "reserve",
    { available: x.negated(), reserved: x },
    gte(balances.available, numeric(need)),
    ref,
    at,
  );
}

async function mustMove(p: Promise<BalanceChange | null>, what: string): Promise<BalanceChange> {
  const change = await p;
  // A release or consume of a reserve that is not there is a defect of the caller, not input.
  if (!change) throw new Error(`ledger: ${what} found no matching reserve`);
  return change;
}

/** Reserved → available (a payment that failed or expired). */
export function releaseReserve(
  tx: Executor,
  key: BalanceKey,
  amount: DecimalInput,
  ref: LedgerRef,
  at: Date,
): Promise<BalanceChange> {
  const x = positive(amount);
  return mustMove(
    move(tx, key, "release", { available: x, reserved: x.negated() }, gte(balances.reserved, numeric(x)), ref, at),
    "release",
  );
}

/** Reserved → gone (the money left: a completed payment). */
export function consumeReserve(
  tx: Executor,
  key: BalanceKey,
  amount: DecimalInput,
  ref: LedgerRef,
  at: Date,
): Promise<BalanceChange> {
  const x = positive(amount);
  return mustMove(
    move(
      tx,
      key,
      "consume",
      { available: new Dec(0), reserved: x.negated() },
      gte(balances.reserved, numeric(x)),
      ref,
      at,
    ),
    "consume",
  );
}

/** Available → gone (a network fee), when available ≥ amount; null otherwise. */
export function debitAvailable(
  tx: Executor,
  key: BalanceKey,
  amount: DecimalInput,
  kind: LedgerKind,
  ref: LedgerRef,
  at: Date,
): Promise<BalanceChange | null> {
  const x = positive(amount);
  return move(
    tx,
    key,
    kind,
    { available: x.negated(), reserved: new Dec(0) },
    gte(balances.available, numeric(x)),
    ref,
    at,
  );
}

/** Outside money → available (a sandbox top-up); the row is made at zero first if it is new. */
export async function creditAvailable(
  tx: Executor,
  key: BalanceKey,
  amount: DecimalInput,
  kind: LedgerKind,
  ref: LedgerRef,
  at: Date,
): Promise<BalanceChange> {
  await ensureBalanceRow(tx, key, at);
  return mustMove(move(tx, key, kind, { available: positive(amount), reserved: new Dec(0) }, undefined, ref, at), kind);
}

/** Creates the row at zero if it does not exist; true when it was created. */
export async function ensureBalanceRow(tx: Executor, key: BalanceKey, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(balances)
    .values({ ...key, total: ZERO, available: ZERO, reserved: ZERO, updatedAt: at })
    .onConflictDoNothing()
    .returning({ currency: balances.currency });
  return rows.length > 0;
}

/**
 * Sets the total balance (operator command, seeding): the available part moves by the
 * difference; reserves stay. Throws RangeError when the reserves exceed the new total.
 */
export async function setTotalBalance(
  tx: Executor,
  key: BalanceKey,
  total: DecimalInput,
  kind: LedgerKind,
  ref: LedgerRef,
  at: Date,
): Promise<BalanceChange> {
  const target = toDec(total);
  if (target.isNegative()) throw new RangeError("a balance cannot be negative");
  await ensureBalanceRow(tx, key, at);
  const [row] = await tx.select(selected).from(balances).where(keyOf(key)).for("update");
  const delta = target.minus(toDec(row.total));
  if (toDec(row.available).plus(delta).isNegative()) {
    throw new RangeError(`${row.reserved} ${key.currency} is reserved: the total cannot go below it`);
  }
  if (delta.isZero()) return { before: row, after: row };
  const change = await move(tx, key, kind, { available: delta, reserved: new Dec(0) }, undefined, ref, at);
  if (!change) throw new Error("ledger: balance row vanished under its lock");
  return change;
}

export async function getBalance(db: Executor, key: BalanceKey): Promise<BalanceRow | null> {
  const rows = await db.select(selected).from(balances).where(keyOf(key)).limit(1);
  return rows[0] ?? null;
}

export async function listBalanceRows(
  db: Executor,
  owner: { accountId: string; environment: Environment },
): Promise<BalanceRow[]> {
  return db.select(selected).from(balances).where(ownedBy(balances, owner)).orderBy(asc(balances.currency));
}

/** Whether the account has any balance row in this environment (a sandbox account made after start has none). */
export async function hasAnyBalance(
  db: Executor,
  owner: { accountId: string; environment: Environment },
): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(balances).where(ownedBy(balances, owner)).limit(1);
  return rows.length > 0;
}

/** The balance as the ledger sums it (for audits and tests): available and reserved deltas. */
export async function ledgerSums(
  db: Executor,
  key: BalanceKey,
): Promise<{ available: string; reserved: string; total: string; entries: number }> {
  const rows = await db
    .select({
      available: sql<string>`coalesce(sum(${ledgerEntries.availableDelta}), 0)::text`,
      reserved: sql<string>`coalesce(sum(${ledgerEntries.reservedDelta}), 0)::text`,
      entries: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, key.accountId),
        eq(ledgerEntries.environment, key.environment),
        eq(ledgerEntries.currency, key.currency),
      ),
    );
  const available = toDec(rows[0].available);
  const reserved = toDec(rows[0].reserved);
  return {
    available: available.toFixed(),
    reserved: reserved.toFixed(),
    total: available.plus(reserved).toFixed(),
    entries: rows[0].entries,
  };
}
