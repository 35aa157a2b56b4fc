import "server-only";
import type { Worker } from "../worker";
import { applyTimeMoves, railDelays } from "./apply-time-moves";
import { dueSettlementRequestIds } from "../store/due-settlement-requests";
import { safeError } from "@/lib/observability/safe-error";

/**
 * The settlement scheduler (decisions D7, moves by time): expiry at valid_until, FUNDS_SENT →
 * FUNDS_RECEIVING_LATE at reconciliation_expected_at, and the simulated payout rail.
 */
export const settlementScheduler: Worker = {
  name: "settlement-scheduler",
  async tick(deps) {
    const rails = railDelays(deps);
    const ids = await dueSettlementRequestIds(deps.db, deps.clock.now(), {
      sentMs: rails.processingToSentMs,
      completedMs: rails.sentToCompletedMs,
    });
    for (const id of ids) {
      try {
        await applyTimeMoves(deps, id);
      } catch (error) {
        console.error(`[service] settlement-scheduler: request ${id} failed:`, safeError(error));
      }
    }
  },
};
