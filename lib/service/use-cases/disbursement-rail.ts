import "server-only";
import { DISBURSEMENT_RAIL_STATUSES, planDisbursementRailStep } from "@/lib/state-machine";
import type { ServiceDeps } from "../context";
import { claimDisbursement, dueDisbursementIds } from "../store/disbursements";
import { rowOffset } from "../sandbox-clock";
import type { Worker } from "../worker";
import { moveDisbursement } from "./move-disbursement";

/** Disbursements moved per tick at most (the next tick takes the rest). */
const BATCH = 200;

/**
 * Runs the simulated payout rail of disbursements (planDisbursementRailStep: PENDING → PROCESSING
 * after `railDelays.sentSeconds`, PROCESSING → COMPLETED after `railDelays.completedSeconds`
 * more) on the service clock. Each step is due at a time of its own, so a late tick catches up
 * step by step. Rows are claimed with SKIP LOCKED: instances share the work and a step is
 * applied once.
 */
export async function runDisbursementRail(deps: ServiceDeps): Promise<number> {
  let moved = 0;
  for (let round = 0; round < 2; round++) {
    const serviceNow = deps.clock.now();
    const due = await dueDisbursementIds(deps.db, DISBURSEMENT_RAIL_STATUSES, serviceNow, BATCH);
    if (due.length === 0) break;
    for (const id of due) {
      const done = await deps.db.transaction(async (tx) => {
        const locked = await claimDisbursement(tx, id);
        // Each disbursement moves on its own account's clock (the sandbox clock, decision D8.3).
        const now = locked
          ? new Date(serviceNow.getTime() + (await rowOffset(tx, locked.accountId, locked.environment)))
          : serviceNow;
        const row = locked?.nextStepAt && locked.nextStepAt <= now ? locked : undefined;
        const step = row?.nextStepAt
          ? planDisbursementRailStep(row.status, row.nextStepAt, deps.config.railDelays)
          : null;
        if (!row || !step) return false;
        await moveDisbursement(tx, row, step.to, { at: now, nextStepAt: step.nextStepAt });
        return true;
      });
      if (done) moved++;
    }
  }
  return moved;
}

export const disbursementRail: Worker = {
  name: "disbursement-rail",
  tick: async (deps) => void (await runDisbursementRail(deps)),
};
