import "server-only";
import type { V1Notification, V1Payment } from "@/lib/schemas/v1-payment";
import type { Caller, ServiceDeps } from "../context";
import { ApiError } from "../errors";
import { isV1PaymentDueToExpire, planV1PaymentMove } from "@/lib/state-machine";
import { moveV1Payment } from "./move-v1-payment";
import { loadV1Payment, v1PaymentToWire } from "./v1-payment-view";

/**
 * POST /v1/payments/notifications: the incoming fiat payment for `reference_id` arrived, so the
 * on-chain transfer starts (CREATED → PROCESSING); the simulated confirmation follows after
 * `railDelays.completedSeconds`. A notification after the 5-minute window finds the payment
 * EXPIRED (expired now if the scheduler has not yet) and gets 409 invalid_transition, as does
 * one for a payment that already moved on.
 */
export async function notifyV1Payment(deps: ServiceDeps, caller: Caller, input: V1Notification): Promise<V1Payment> {
  const at = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await loadV1Payment(tx, caller, { referenceId: input.reference_id }, true);
    if (isV1PaymentDueToExpire(row, at)) {
      const expired = await moveV1Payment(tx, deps, row, "EXPIRED", { at });
      return { kind: "expired" as const, refused: planV1PaymentMove(expired.status, "PROCESSING") };
    }
    return { kind: "moved" as const, row: await moveV1Payment(tx, deps, row, "PROCESSING", { at }) };
  });
  if (outcome.kind === "moved") return v1PaymentToWire(outcome.row);
  const message = outcome.refused.kind === "invalid" ? outcome.refused.message : "cannot move";
  throw new ApiError("invalid_transition", `Payment ${message}: the 5-minute notification window has passed`);
}
