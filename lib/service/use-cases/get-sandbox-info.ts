import "server-only";
import { CHAINS, CURRENCIES, RAILS } from "@/lib/schemas/catalog";
import type { SandboxInfo } from "@/lib/schemas/sandbox";
import type { Caller, ServiceDeps } from "../context";
import { listBalances } from "./balances";

/** GET /v0/sandbox/info (decisions D8): the caller's balances among the rest. */
export async function getSandboxInfo(deps: ServiceDeps, caller: Caller): Promise<SandboxInfo> {
  return {
    environment: caller.environment,
    account: { id: caller.accountId, name: caller.accountName },
    balances: await listBalances(deps.db, caller, deps.clock.now()),
    supported: { currencies: [...CURRENCIES], rails: [...RAILS], chains: [...CHAINS] },
    rate_limit: { limit: deps.config.rateLimitPerMinute[caller.environment], window_seconds: 60 },
    server_time: deps.clock.now().toISOString(),
  };
}
