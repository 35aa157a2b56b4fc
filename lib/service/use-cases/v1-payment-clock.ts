import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { ServiceDeps } from "../context";
import { v1Payments } from "../store/schema";
import { nowForRow } from "../store/sandbox-clocks";
import { depsAt, rowOffset } from "../sandbox-clock";
import type { Worker } from "../worker";
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
  const serviceNow = deps.clock.now();
  const conditions: SQL[] = [
    eq(v1Payments.status, status),
    sql`${dueColumn} <= ${nowForRow(serviceNow, sql`${v1Payments.accountId}`, sql`${v1Payments.environment}`)}`,
  ];
  if (owner) conditions.push(eq(v1Payments.accountId, owner.accountId), eq(v1Payments.environment, owner.environment));
  const due = await deps.db.select({ id: v1Payments.id }).from(v1Payments).where(and(...conditions)).orderBy(asc(dueColumn)).limit(BATCH);
  let moved = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(v1Payments)
        .where(and(eq(v1Payments.id, id), eq(v1Payments.status, status)))
        .for("update", { skipLocked: true });
      if (!row) return false;
      // Each payment moves on its own account's clock (the sandbox clock, decision D8.3).
      const local = depsAt(deps, await rowOffset(tx, row.accountId, row.environment));
      const now = local.clock.now();
      const dueAt = status === "CREATED" ? row.expiresAt : row.confirmAt;
      if (!dueAt || dueAt > now) return false;
      await moveV1Payment(tx, local, row, status === "CREATED" ? "EXPIRED" : "COMPLETED", { at: now });
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

/** Expires and confirms /v1 payments whose time has come. */
export const v1PaymentClock: Worker = {
  name: "v1-payment-clock",
  tick: async (deps) => {
    await expireDueV1Payments(deps);
    await confirmDueV1Payments(deps);
  },
};
