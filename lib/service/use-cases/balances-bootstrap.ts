import "server-only";
import { registerBootstrapStep } from "../bootstrap";
import { listBalances, seedSandboxBalances } from "./balances";
import { registerBalanceProvider } from "./sandbox-info-balances";

/** At every start: the default account's sandbox balances exist (seeded once, never reset). */
registerBootstrapStep(async (deps, account) => {
  await seedSandboxBalances(deps.db, account.id, deps.clock.now());
});

/** GET /v0/sandbox/info lists the caller's balances. */
registerBalanceProvider((deps, caller) => listBalances(deps.db, caller, deps.clock.now()));
