import "server-only";
import type { Balance } from "@/lib/schemas/sandbox";
import type { Caller, ServiceDeps } from "../context";

/**
 * GET /v0/sandbox/info lists balances through this seam: the balances module registers a
 * provider; without one the list is empty.
 */
export type BalanceProvider = (deps: ServiceDeps, caller: Caller) => Promise<Balance[]>;

let provider: BalanceProvider | null = null;

export function registerBalanceProvider(fn: BalanceProvider): void {
  provider = fn;
}

export async function listBalancesForInfo(deps: ServiceDeps, caller: Caller): Promise<Balance[]> {
  return provider ? provider(deps, caller) : [];
}
