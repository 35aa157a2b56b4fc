import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import { getSandboxClock } from "./sandbox";

/**
 * The clock a submission's expiry is read on: the service's for production, the account's
 * sandbox clock in sandbox (so a sandbox clock advance expires sandbox submissions, as it
 * moves everything else there). A sandbox clock that cannot be read counts as real time.
 */
export async function nowFor(environment: Environment): Promise<Date> {
  if (environment === "production") return new Date();
  const clock = await getSandboxClock("sandbox");
  return clock.ok ? new Date(clock.data.now) : new Date();
}
