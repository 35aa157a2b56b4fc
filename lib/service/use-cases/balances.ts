import "server-only";
import { formatMoney } from "@/lib/money/format";
import { toCanonical, toDec } from "@/lib/money/decimal";
import { STABLECOINS, type Environment } from "@/lib/schemas/catalog";
import type { Balance } from "@/lib/schemas/sandbox";
import { ApiError } from "../errors";
import { emitEvent } from "../outbox/emit";
import type { Executor } from "@/lib/db/database";
import {
  ensureBalanceRow,
  getBalance,
  hasAnyBalance,
  listBalanceRows,
  reserveFunds,
  setTotalBalance,
  type BalanceChange,
  type BalanceKey,
  type BalanceRow,
  type LedgerRef,
} from "../store/ledger";

/**
 * Balances as the API shows them, the low-balance event, and the seeded sandbox balances.
 * Balances are derived from the ledger (store/ledger.ts); nothing here writes a balance without
 * its ledger entry.
 */

/** What a fresh sandbox account starts with, per stablecoin (documented in OpenAPI). */
export const SANDBOX_SEED_BALANCES: Readonly<Record<(typeof STABLECOINS)[number], string>> = {
  USDC: "100000",
  USDT: "100000",
  EURC: "50000",
};

/** A balance in the wire form: canonical 8-decimal strings (decisions D4). */
export function balanceToWire(row: BalanceRow): Balance {
  return {
    currency: row.currency,
    total_balance: toCanonical(row.total),
    available_balance: toCanonical(row.available),
    reserved_balance: toCanonical(row.reserved),
  };
}

/**
 * decisions D10: `account.balance.low` when available falls below the threshold, i.e. on the
 * change that crosses it (not again on every later debit while it stays below).
 */
export async function noteBalanceChange(
  tx: Executor,
  key: BalanceKey,
  change: BalanceChange,
  threshold: string,
  at: Date,
): Promise<void> {
  const limit = toDec(threshold);
  const was = toDec(change.before.available);
  const now = toDec(change.after.available);
  if (!(was.gte(limit) && now.lt(limit))) return;
  await emitEvent(tx, {
    accountId: key.accountId,
    environment: key.environment,
    type: "account.balance.low",
    at,
    data: {
      account_id: key.accountId,
      environment: key.environment,
      threshold: toDec(threshold).toFixed(),
      ...balanceToWire(change.after),
    },
  });
}

/**
 * Gives every stablecoin its seed balance, for the currencies this account's sandbox has no row
 * of yet. Idempotent and safe when run concurrently (the insert claims the row).
 */
export async function seedSandboxBalances(db: Executor, accountId: string, at: Date): Promise<void> {
  for (const currency of STABLECOINS) {
    const key: BalanceKey = { accountId, environment: "sandbox", currency };
    const seed = SANDBOX_SEED_BALANCES[currency];
    await db.transaction(async (tx) => {
      if (await ensureBalanceRow(tx, key, at))
        await setTotalBalance(tx, key, seed, "seed", { refType: "seed", refId: null }, at);
    });
  }
}

/**
 * A sandbox account made after start (keys CLI) has no balances yet: seed it on first use.
 * Production balances are only ever set by the operator command.
 */
export async function ensureSandboxSeeded(
  db: Executor,
  owner: { accountId: string; environment: Environment },
  at: Date,
): Promise<boolean> {
  if (owner.environment !== "sandbox" || (await hasAnyBalance(db, owner))) return false;
  await seedSandboxBalances(db, owner.accountId, at);
  return true;
}

/**
 * The balances of an account in one environment: every stablecoin, zero where none was ever
 * funded, then any other currency that has a row.
 */
export async function listBalances(
  db: Executor,
  owner: { accountId: string; environment: Environment },
  at: Date,
): Promise<Balance[]> {
  await ensureSandboxSeeded(db, owner, at);
  const rows = new Map((await listBalanceRows(db, owner)).map((r) => [r.currency, r]));
  const zero = (currency: string): BalanceRow => ({ currency, total: "0", available: "0", reserved: "0" });
  const ordered = [
    ...STABLECOINS.map((c) => rows.get(c) ?? zero(c)),
    ...[...rows.values()].filter((r) => !(STABLECOINS as readonly string[]).includes(r.currency)),
  ];
  return ordered.map(balanceToWire);
}

/**
 * Reserves `amount` when available ≥ `required` (default: the amount), seeding a sandbox
 * account that has no balances yet; 422 insufficient_funds when the funds are not there.
 */
export async function reserveOrRefuse(
  tx: Executor,
  key: BalanceKey,
  amount: string,
  ref: LedgerRef,
  at: Date,
  required: string = amount,
  what = "the amount",
): Promise<BalanceChange> {
  let change = await reserveFunds(tx, key, amount, ref, at, required);
  if (!change && (await ensureSandboxSeeded(tx, key, at)))
    change = await reserveFunds(tx, key, amount, ref, at, required);
  if (change) return change;
  const balance = await getBalance(tx, key);
  throw new ApiError(
    "insufficient_funds",
    `The available balance, ${formatMoney(balance?.available ?? "0", key.currency)}, is below ${what}, ${formatMoney(required, key.currency)}`,
  );
}
