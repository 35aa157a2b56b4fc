import "server-only";
import Decimal from "decimal.js";
import { finerThanCurrency } from "@/lib/schemas/amount";
import { CURRENCY_PRECISION } from "@/lib/schemas/catalog";
import { SANDBOX_FUND_MAX, type SandboxFundBody } from "@/lib/schemas/sandbox";
import type { Balance } from "@/lib/schemas/sandbox";
import type { Caller, ServiceDeps } from "../context";
import { invalidField } from "../errors";
import { creditAvailable } from "../store/ledger";
import { balanceToWire, noteBalanceChange } from "./balances";

/**
 * POST /v0/sandbox/balances/fund (extension, decision D10.7): adds to the sandbox's pre-funded
 * balance, so a rehearsal that spent it can go on. One ledger entry (`sandbox_fund`), shown on the
 * statement; production keys are refused before this runs (sandbox routes only), and production
 * balances stay the operator's command.
 */
export async function fundSandbox(deps: ServiceDeps, caller: Caller, body: SandboxFundBody): Promise<Balance> {
  const finer = finerThanCurrency(body.amount, body.currency, CURRENCY_PRECISION[body.currency]);
  if (finer) throw invalidField("amount", finer);
  if (new Decimal(body.amount).gt(SANDBOX_FUND_MAX))
    throw invalidField(
      "amount",
      `Must be at most ${new Decimal(SANDBOX_FUND_MAX).toNumber().toLocaleString("en-US")} at a time`,
    );
  const at = deps.clock.now();
  const key = { accountId: caller.accountId, environment: caller.environment, currency: body.currency };
  return deps.db.transaction(async (tx) => {
    const change = await creditAvailable(tx, key, body.amount, "sandbox_fund", { refType: "sandbox", refId: null }, at);
    await noteBalanceChange(tx, key, change, deps.config.lowBalanceThreshold, at);
    return balanceToWire(change.after);
  });
}
