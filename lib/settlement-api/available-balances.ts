import "server-only";
import { STABLECOINS } from "@/lib/schemas/catalog";
import type { Environment } from "@/lib/schemas/catalog";
import type { Balance } from "@/lib/schemas/sandbox";
import { getBalanceStatement, getSandboxInfo } from "@/lib/settlement-api";

/**
 * The available balance of each stablecoin, for the disbursement form (issue 35, finding 5):
 * the sandbox's from its info, production's from today's statement of each currency (its
 * closing balance). Null when the API cannot tell.
 */
export async function availableBalances(environment: Environment): Promise<Balance[] | null> {
  if (environment === "sandbox") {
    const info = await getSandboxInfo(environment);
    return info.ok ? info.data.balances : null;
  }
  const today = new Date().toISOString().slice(0, 10);
  const statements = await Promise.all(
    STABLECOINS.map((currency) => getBalanceStatement(environment, currency, { from: today, to: today })),
  );
  const balances: Balance[] = [];
  for (const [i, s] of statements.entries()) {
    if (!s.ok) return null;
    balances.push({
      currency: STABLECOINS[i],
      available_balance: s.data.closing.available,
      reserved_balance: s.data.closing.reserved,
      total_balance: s.data.closing.total,
    });
  }
  return balances;
}
