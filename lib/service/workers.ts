import "server-only";
import type { ServiceDeps } from "./context";

/**
 * Background work of the service: the scheduler's time moves, the rail simulation, webhook
 * delivery, housekeeping. Each worker claims its work in the database, so several instances can
 * run them side by side and a move is applied once.
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

const registry: Worker[] = [];

export function registerWorker(worker: Worker): void {
  if (!registry.some((w) => w.name === worker.name)) registry.push(worker);
}

export function workers(): readonly Worker[] {
  return registry;
}

/** Runs every worker once, in order (tests call this after moving the clock). */
export async function runWorkersOnce(deps: ServiceDeps): Promise<void> {
  for (const worker of registry) await worker.tick(deps);
}

/** Starts a loop per worker; returns a stop function. A slow worker never overlaps itself. */
export function startWorkers(deps: ServiceDeps, intervalMs: number): () => Promise<void> {
  let stopped = false;
  const running: Promise<void>[] = [];
  for (const worker of registry) {
    const loop = async () => {
      while (!stopped) {
        try {
          await worker.tick(deps);
        } catch (error) {
          console.error(`[service] worker ${worker.name} failed:`, error);
        }
        if (stopped) break;
        if (worker.idle) await worker.idle(deps, intervalMs);
        else await new Promise((r) => setTimeout(r, intervalMs).unref?.());
      }
    };
    running.push(loop());
  }
  return async () => {
    stopped = true;
    await Promise.allSettled(running);
  };
}
