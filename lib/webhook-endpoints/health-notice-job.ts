import "server-only";
import { repeatEvery } from "@/lib/async/every";
import { getDatabase } from "@/lib/db/connection";
import { safeError } from "@/lib/observability/safe-error";
import { ENVIRONMENTS } from "@/lib/schemas/catalog";
import { listEvents } from "@/lib/settlement-api";
import { tellEndpointHealth } from "./notices";

/** How often each instance reads the newest health events (a notice is once per event across instances). */
const EVERY_MS = 60_000;
const PAGE = 20;

let job: { stop(): Promise<void> } | null = null;

/** One pass over both environments: the newest failing and turned-off events become notices (issue 64). */
export async function tellEndpointHealthOnce(now = new Date()): Promise<number> {
  const { db } = await getDatabase();
  let queued = 0;
  for (const environment of ENVIRONMENTS)
    queued += await tellEndpointHealth(
      db,
      environment,
      async (type) => {
        const found = await listEvents(environment, { type, page_size: PAGE });
        return found.ok ? found.data.data : null; // no key for this environment, or the API is away: next pass
      },
      now,
    );
  return queued;
}

export function startEndpointHealthNotices(): void {
  job ??= repeatEvery(
    EVERY_MS,
    () => tellEndpointHealthOnce(),
    (error) => console.error("[notices] endpoint health:", safeError(error)),
  );
}

export async function stopEndpointHealthNotices(): Promise<void> {
  await job?.stop();
  job = null;
}
