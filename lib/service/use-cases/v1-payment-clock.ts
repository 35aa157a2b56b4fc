import "server-only";
import { v1ClockMove, type V1ClockStatus } from "@/lib/state-machine";
import type { ServiceDeps } from "../context";
import type { Scope } from "../store/scope";
import { claimV1Payment, dueV1PaymentIds, type V1DueColumn } from "../store/v1-payments";
import { depsAt, rowOffset } from "../sandbox-clock";
import type { Worker } from "../worker";
import { moveV1Payment } from "./move-v1-payment";

const BATCH = 200;

/**
 * Moves due /v1 payments one at a time, each in its own transaction, claiming the row with
 * SKIP LOCKED so several instances (or a reader and the scheduler) never apply a move twice.
 */
async function sweep(deps: ServiceDeps, status: V1ClockStatus, due: V1DueColumn, owner?: Scope): Promise<number> {
  const serviceNow = deps.clock.now();
  const ids = await dueV1PaymentIds(deps.db, { status, due, serviceNow, owner, limit: BATCH });
  let moved = 0;
  for (const id of ids) {
    const done = await deps.db.transaction(async (tx) => {
      const row = await claimV1Payment(tx, id, status);
      if (!row) return false;
      // Each payment moves on its own account's clock (the sandbox clock, decision D8.3).
      const local = depsAt(deps, await rowOffset(tx, row.accountId, row.environment));
      const now = local.clock.now();
      const dueAt = status === "CREATED" ? row.expiresAt : row.confirmAt;
      if (!dueAt || dueAt > now) return false;
      await moveV1Payment(tx, local, row, v1ClockMove(status), { at: now });
      return true;
    });
    if (done) moved++;
  }
  return moved;
}

/** CREATED payments past `expires_at` → EXPIRED, reserve released (`payment.expired`). */
export function expireDueV1Payments(deps: ServiceDeps, owner?: Scope): Promise<number> {
  return sweep(deps, "CREATED", "expiresAt", owner);
}

/**
 * The simulated on-chain confirmation: PROCESSING payments whose `confirm_at` has come →
 * COMPLETED with a transaction hash, reserve consumed, network fee debited (`payment.completed`).
 */
export function confirmDueV1Payments(deps: ServiceDeps): Promise<number> {
  return sweep(deps, "PROCESSING", "confirmAt");
}

/** Expires and confirms /v1 payments whose time has come. */
export const v1PaymentClock: Worker = {
  name: "v1-payment-clock",
  tick: async (deps) => {
    await expireDueV1Payments(deps);
    await confirmDueV1Payments(deps);
  },
};
