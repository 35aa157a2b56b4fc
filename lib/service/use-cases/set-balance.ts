import "server-only";
import { parseAmount } from "@/lib/schemas/amount";
import { CURRENCY_PRECISION, STABLECOINS, type Environment } from "@/lib/schemas/catalog";
import type { Balance } from "@/lib/schemas/sandbox";
import { findAccountByName } from "../store/api-keys";
import type { Db } from "@/lib/db/database";
import { setTotalBalance, type BalanceChange } from "../store/ledger";
import { balanceToWire, noteBalanceChange } from "./balances";

export interface SetBalanceInput {
  accountName: string;
  environment: Environment;
  currency: string;
  /** The new total balance, a plain decimal string. */
  amount: string;
  lowBalanceThreshold: string;
  at: Date;
}

/** A refusal the operator command prints as is. */
export class SetBalanceError extends Error {}

/**
 * The operator's command (scripts/balances.ts): sets the total balance of an account in one
 * environment and currency. Reserves stay reserved; the available part moves by the difference,
 * through one ledger entry. Refused when the reserves exceed the new total.
 */
export async function setAccountBalance(db: Db, input: SetBalanceInput): Promise<Balance> {
  if (!(STABLECOINS as readonly string[]).includes(input.currency)) {
    throw new SetBalanceError(`currency must be one of ${STABLECOINS.join(", ")}`);
  }
  const parsed = parseAmount(input.amount, { maxDecimals: CURRENCY_PRECISION[input.currency] });
  if (!parsed.ok) throw new SetBalanceError(`amount: ${parsed.message}`);
  const account = await findAccountByName(db, input.accountName);
  if (!account)
    throw new SetBalanceError(`no account named "${input.accountName}" (npm run keys -- create … makes one)`);
  const key = { accountId: account.id, environment: input.environment, currency: input.currency };
  return db.transaction(async (tx) => {
    let change: BalanceChange;
    try {
      change = await setTotalBalance(
        tx,
        key,
        parsed.value,
        "operator_set",
        { refType: "operator", refId: null },
        input.at,
      );
    } catch (error) {
      if (error instanceof RangeError) throw new SetBalanceError(error.message);
      throw error;
    }
    await noteBalanceChange(tx, key, change, input.lowBalanceThreshold, input.at);
    return balanceToWire(change.after);
  });
}
