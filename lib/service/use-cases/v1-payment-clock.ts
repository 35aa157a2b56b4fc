import "server-only";
import { and, asc, eq, lte, type SQL } from "drizzle-orm";
import type { ServiceDeps } from "../context";
import { v1Payments } from "../store/schema";
import { registerWorker } from "../workers";
import { moveV1Payment } from "./move-v1-payment";
import type { Owner } from "./disbursement-records";

const BATCH = 200;

/**
 * Moves due /v1 payments one at a time, each in its own transaction, claiming the row with
 * SKIP LOCKED so several instances (or a reader and the scheduler) never apply a move twice.
 */
async function sweep(
  deps: ServiceDeps,
  status: "CREATED" | "PROCESSING",
  dueColumn: typeof v1Payments.expiresAt | typeof v1Payments.confirmAt,
  owner?: Owner,
): Promise<number> {
  const now = deps.clock.now();
  const conditions: SQL[] = [eq(v1Payments.status, status), lte(dueColumn, now)];
  if (owner) conditions.push(eq(v1Payments.accountId, owner.accountId), eq(v1Payments.environment, owner.environment));
  const due = await deps.db.select({ id: v1Payments.id }).from(v1Payments).where(and(...conditions)).orderBy(asc(dueColumn)).limit(BATCH);
  let moved = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(v1Payments)
        .where(and(eq(v1Payments.id, id), eq(v1Payments.status, status), lte(dueColumn, now)))
        .for("update", { skipLocked: true });
      if (!row) return false;
      await moveV1Payment(tx, deps, row, status === "CREATED" ? "EXPIRED" : "COMPLETED", { at: now });
      return true;
    });
    if (done) moved++;
  }
  return moved;
}

/** CREATED payments past `expires_at` → EXPIRED, reserve released (`payment.expired`). */
export function expireDueV1Payments(deps: ServiceDeps, owner?: Owner): Promise<number> {
  return sweep(deps, "CREATED", v1Payments.expiresAt, owner);
}

/**
 * The simulated on-chain confirmation: PROCESSING payments whose `confirm_at` has come →
 * COMPLETED with a transaction hash, reserve consumed, network fee debited (`payment.completed`).
 */
export function confirmDueV1Payments(deps: ServiceDeps): Promise<number> {
  return sweep(deps, "PROCESSING", v1Payments.confirmAt);
}

registerWorker({
  name: "v1-payment-clock",
  tick: async (deps) => {
    await expireDueV1Payments(deps);
    await confirmDueV1Payments(deps);
  },
});
