import "server-only";
import { getDatabase } from "@/lib/db/connection";
import { safeError } from "@/lib/observability/safe-error";
import { ENVIRONMENTS } from "@/lib/schemas/catalog";
import { listEvents } from "@/lib/settlement-api";
import { tellEndpointHealth } from "./notices";

/** How often each instance reads the newest health events (a notice is once per event across instances). */
const EVERY_MS = 60_000;
const PAGE = 20;

let timer: NodeJS.Timeout | null = null;
let running: Promise<void> | null = null;

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
  if (timer) return;
  timer = setInterval(() => {
    if (running) return;
    running = tellEndpointHealthOnce()
      .then(() => undefined)
      .catch((error) => console.error("[notices] endpoint health:", safeError(error)))
      .finally(() => {
        running = null;
      });
  }, EVERY_MS);
  timer.unref();
}

export async function stopEndpointHealthNotices(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
