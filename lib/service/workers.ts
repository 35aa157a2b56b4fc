import "server-only";
import { reportBackgroundFailure } from "@/lib/db/availability";
import type { ServiceDeps } from "./context";
import { housekeeping } from "./housekeeping";
import { webhookDelivery } from "./outbox/worker";
import { settlementScheduler } from "./scheduler/settlement-scheduler";
import { disbursementRail } from "./use-cases/disbursement-rail";
import { v1PaymentClock } from "./use-cases/v1-payment-clock";
import type { Worker } from "./worker";
import { safeError } from "@/lib/observability/safe-error";

export type { Worker };

/**
 * The workers that apply moves by time (expiry, late funds, the simulated rails, /v1 expiry and
 * confirmation). POST /v0/sandbox/clock/advance runs these at once (use-cases/sandbox-clock.ts).
 */
export const TIME_MOVE_WORKERS: readonly Worker[] = [v1PaymentClock, settlementScheduler, disbursementRail];

/**
 * Every background worker of the service, in the order runWorkersOnce ticks them. A new worker
 * is one line here (and in TIME_MOVE_WORKERS when the sandbox clock should drive it).
 */
export const WORKERS: readonly Worker[] = [webhookDelivery, ...TIME_MOVE_WORKERS, housekeeping];

/** Runs every worker once, in order (tests call this after moving the clock). */
export async function runWorkersOnce(deps: ServiceDeps): Promise<void> {
  for (const worker of WORKERS) await worker.tick(deps);
}

/** Starts a loop per worker; returns a stop function. A slow worker never overlaps itself. */
export function startWorkers(deps: ServiceDeps, intervalMs: number): () => Promise<void> {
  let stopped = false;
  const running: Promise<void>[] = [];
  for (const worker of WORKERS) {
    const loop = async () => {
      while (!stopped) {
        try {
          await worker.tick(deps);
        } catch (error) {
          reportBackgroundFailure(`[service] worker ${worker.name}`, error, safeError);
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
