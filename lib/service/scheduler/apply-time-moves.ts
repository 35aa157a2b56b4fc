import "server-only";
import { planTimeMoves, type RailDelays } from "@/lib/state-machine";
import type { ServiceDeps } from "../context";
import { depsAt, rowOffset } from "../sandbox-clock";
import { applyPaymentChange } from "../use-cases/apply-payment-change";
import { commitRequestChange, paymentStatusPatch } from "../use-cases/commit-request-change";
import { lockSettlementRequestForScheduler, type LoadedRequest } from "../use-cases/load-settlement-request";

const MAX_STEPS = 4;

export function railDelays(deps: ServiceDeps): RailDelays {
  return {
    processingToSentMs: deps.config.railDelays.sentSeconds * 1000,
    sentToCompletedMs: deps.config.railDelays.completedSeconds * 1000,
  };
}

/**
 * Applies every time move due for one request at the clock's now, under its row lock, so with
 * several instances each move is applied once (the second one re-plans and finds nothing).
 * A rail step takes effect at the time it was due, so steps that are both due run in one tick.
 */
export async function applyTimeMoves(serviceDeps: ServiceDeps, requestId: string): Promise<number> {
  const rails = railDelays(serviceDeps);
  return serviceDeps.db.transaction(async (tx) => {
    let loaded: LoadedRequest | null = await lockSettlementRequestForScheduler(tx, requestId);
    // The request's own clock: its account's sandbox clock in the sandbox (decision D8.3).
    const deps = loaded
      ? depsAt(serviceDeps, await rowOffset(tx, loaded.row.accountId, loaded.row.environment))
      : serviceDeps;
    let applied = 0;
    for (let step = 0; loaded && step < MAX_STEPS; step++) {
      const now = deps.clock.now();
      const { row, inbound, outbound } = loaded;
      const [move] = planTimeMoves(
        {
          status: row.status,
          validUntil: row.validUntil,
          reconciliationExpectedAt: row.reconciliationExpectedAt,
          inbound: { status: inbound.status },
          outbound: { status: outbound.status, statusSince: outbound.statusChangedAt },
        },
        now,
        rails,
      );
      if (!move) break;
      if (move.kind === "request") {
        const detail =
          move.to === "REQUEST_EXPIRED"
            ? "payment_instructions.valid_until passed"
            : "reconciliation_expected_at passed without the funds";
        ({ loaded } = await commitRequestChange(tx, deps, loaded, {
          move: { to: move.to, cause: "scheduler", detail },
          ...(move.inbound ? { inbound: paymentStatusPatch(inbound, move.inbound, now) } : {}),
          ...(move.outbound ? { outbound: paymentStatusPatch(outbound, move.outbound, now) } : {}),
        }));
      } else {
        const due = new Date(Math.min(move.dueAt.getTime(), now.getTime()));
        ({ loaded } = await applyPaymentChange(tx, deps, loaded, {
          type: "PAYOUT",
          status: move.to,
          statusChangedAt: due,
          detail: `simulated rail: outbound payment ${move.to}`,
        }));
      }
      applied++;
    }
    return applied;
  });
}
