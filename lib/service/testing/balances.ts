import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import type { Balance } from "@/lib/schemas/sandbox";
import { ledgerSums, setTotalBalance } from "../store/ledger";
import { balanceToWire, listBalances } from "../use-cases/balances";
import type { TestService } from "./harness";

/** Test helpers for balances: read one in the wire form, set one through the ledger. */

export async function balanceOf(
  s: TestService,
  currency: string,
  environment: Environment = "sandbox",
): Promise<Balance> {
  const all = await listBalances(s.deps.db, { accountId: s.account.id, environment }, s.clock.now());
  const found = all.find((b) => b.currency === currency);
  if (!found) throw new Error(`no ${currency} balance`);
  return found;
}

export async function setBalance(
  s: TestService,
  currency: string,
  total: string,
  environment: Environment = "sandbox",
): Promise<Balance> {
  const key = { accountId: s.account.id, environment, currency };
  const change = await s.deps.db.transaction((tx) =>
    setTotalBalance(tx, key, total, "operator_set", { refType: "operator", refId: "test" }, s.clock.now()),
  );
  return balanceToWire(change.after);
}

/** The ledger's sums in the wire form, to compare with the balance row. */
export async function ledgerOf(
  s: TestService,
  currency: string,
  environment: Environment = "sandbox",
): Promise<Balance> {
  const sums = await ledgerSums(s.deps.db, { accountId: s.account.id, environment, currency });
  return balanceToWire({ currency, total: sums.total, available: sums.available, reserved: sums.reserved });
}
