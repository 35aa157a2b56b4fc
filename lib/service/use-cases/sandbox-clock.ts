import "server-only";
import type { SandboxClock } from "@/lib/schemas/sandbox";
import type { Caller, ServiceDeps } from "../context";
import { deliverDueWebhooks } from "../outbox/worker";
import { rememberSandboxOffset } from "../sandbox-clock";
import { addSandboxOffset, readSandboxOffset } from "../store/sandbox-clocks";
import { TIME_MOVE_WORKERS } from "../workers";

function view(serviceNow: Date, offsetMs: number): SandboxClock {
  return { now: new Date(serviceNow.getTime() + offsetMs).toISOString(), offset_seconds: offsetMs / 1000 };
}

/** GET /v0/sandbox/clock: read fresh from the database, never from a cache. `service` carries the service clock. */
export async function getSandboxClock(service: ServiceDeps, caller: Caller): Promise<SandboxClock> {
  const offset = await readSandboxOffset(service.db, caller.accountId);
  rememberSandboxOffset(service.db, caller.accountId, offset);
  return view(service.clock.now(), offset);
}

/**
 * POST /v0/sandbox/clock/advance (decision D8.3): moves this account's sandbox clock forward,
 * then applies every time move that became due (expiry, late funds, the simulated rails, /v1
 * expiry) before answering; webhook attempts that became due are sent right after. Other
 * accounts' clocks do not move: every due query reads each row's own account clock.
 */
export async function advanceSandboxClock(
  service: ServiceDeps,
  caller: Caller,
  seconds: number,
): Promise<SandboxClock> {
  const serviceNow = service.clock.now();
  const offset = await addSandboxOffset(service.db, caller.accountId, seconds * 1000, serviceNow);
  rememberSandboxOffset(service.db, caller.accountId, offset);
  for (const worker of TIME_MOVE_WORKERS) await worker.tick(service);
  // Same drain as the delivery loop's (one per deps): sends start now, the answer does not wait.
  void deliverDueWebhooks(service).catch((error) =>
    console.error("[service] sandbox clock: delivery failed:", (error as Error).message),
  );
  return view(serviceNow, offset);
}
