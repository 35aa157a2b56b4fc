import "server-only";
import type { V1Payment } from "@/lib/schemas/v1-payment";
import type { Caller, ServiceDeps } from "../context";
import { moveV1Payment } from "./move-v1-payment";
import { loadV1Payment, v1PaymentToWire } from "./v1-payment-view";
import type { V1SandboxTarget } from "@/lib/state-machine";

/**
 * Extension, sandbox only: drives a /v1 payment along the document's state table at once
 * (PROCESSING by notification, COMPLETED by confirmation, FAILED by a transfer failure,
 * EXPIRED), with the same balance effects and events. Moves the table forbids: 409.
 */
export async function sandboxSetV1PaymentStatus(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: { status: V1SandboxTarget; failure_reason?: string },
): Promise<V1Payment> {
  const at = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await loadV1Payment(tx, caller, { id }, true);
    return moveV1Payment(tx, deps, current, body.status, { at, failureReason: body.failure_reason });
  });
  return v1PaymentToWire(row);
}
