import "server-only";
import { keepPartitions } from "./store/partitions";
import type { Environment } from "@/lib/schemas/catalog";
import { ensureAccount, registerApiKey } from "./store/api-keys";
import type { ServiceDeps } from "./context";
import { seedSandboxBalances } from "./use-cases/balances";

export const DEFAULT_ACCOUNT_NAME = "Demo Merchant Ltd";

/** A step run at every start after migrations; each is idempotent. */
type BootstrapStep = (deps: ServiceDeps, account: { id: string; name: string }) => Promise<void>;

/** Every bootstrap step, in order. A new step is one line here. */
const BOOTSTRAP_STEPS: readonly BootstrapStep[] = [
  // The default account's sandbox balances exist (seeded once, never reset).
  (deps, account) => seedSandboxBalances(deps.db, account.id, deps.clock.now()),
  // Today's and the next days' partitions of the request log and the events exist before the first request.
  async (deps) => {
    await keepPartitions(deps.db, deps.clock.now());
  },
];

/**
 * Makes sure the default account exists and knows the dashboard's keys (hashed), then runs
 * BOOTSTRAP_STEPS.
 */
export async function bootstrap(
  deps: ServiceDeps,
  keys: Partial<Record<Environment, string | undefined>>,
  accountName = DEFAULT_ACCOUNT_NAME,
): Promise<{ id: string; name: string }> {
  const account = await ensureAccount(deps.db, accountName);
  for (const environment of ["sandbox", "production"] as const) {
    const key = keys[environment];
    if (key) await registerApiKey(deps.db, { accountId: account.id, environment, key, label: "dashboard" });
  }
  for (const step of BOOTSTRAP_STEPS) await step(deps, account);
  return account;
}
