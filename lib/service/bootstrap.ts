import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import { ensureAccount, registerApiKey } from "./store/api-keys";
import type { ServiceDeps } from "./context";

export const DEFAULT_ACCOUNT_NAME = "Demo Merchant Ltd";

/** Steps run at every start after migrations, each idempotent (seed balances, ...). */
export type BootstrapStep = (deps: ServiceDeps, account: { id: string; name: string }) => Promise<void>;
const steps: BootstrapStep[] = [];
export function registerBootstrapStep(step: BootstrapStep): void {
  steps.push(step);
}

/**
 * Makes sure the default account exists and knows the dashboard's keys (hashed), then runs the
 * registered bootstrap steps.
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
  for (const step of steps) await step(deps, account);
  return account;
}
