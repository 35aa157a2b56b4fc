import "server-only";
import type { ServiceDeps } from "./context";

/**
 * One kind of background work of the service (the scheduler's time moves, the rail simulation,
 * webhook delivery, housekeeping). Each worker claims its work in the database, so several
 * instances can run them side by side and a move is applied once. The list that runs them is
 * WORKERS in workers.ts.
 */
export interface Worker {
  name: string;
  /** Does whatever is due at deps.clock.now(); returns when done. */
  tick(deps: ServiceDeps): Promise<void>;
  /**
   * How the loop waits before the next tick; defaults to sleeping the interval. A worker that
   * can be woken early (webhook delivery, on a new event) resolves sooner.
   */
  idle?(deps: ServiceDeps, intervalMs: number): Promise<void>;
}
