import "server-only";
import { closeDatabase } from "@/lib/db/connection";
import { flushLog } from "@/lib/observability/log";
import { safeError } from "@/lib/observability/safe-error";
import { stopHousekeeping } from "./housekeeping";
import { CONSOLE_JOBS } from "./jobs";

/**
 * Graceful shutdown of one console instance, in two halves around the HTTP server's own close
 * (scripts/serve.mjs, or `next start`'s signal handler through instrumentation.ts):
 * 1. drain: /api/ready answers 503 (a balancer stops sending), live streams end with a retry hint
 *    (browsers reconnect elsewhere and resume from Last-Event-ID), LISTEN stops, no more webhook
 *    deliveries or scheduled moves are claimed and the sends in flight finish and are recorded;
 * 2. close: the database connections close, once in-flight requests have ended.
 */
const state = globalThis as typeof globalThis & { __consoleDraining?: boolean };

export function isDraining(): boolean {
  return state.__consoleDraining === true;
}

export async function drainInstance(): Promise<{ streams: number }> {
  state.__consoleDraining = true;
  stopHousekeeping();
  const { openStreamCount } = await import("@/lib/inbox/sse");
  const streams = openStreamCount();
  // Every job of the composition root at once (live streams must end promptly for the server to
  // close, while sends in flight finish); one failing never stops the others.
  await Promise.all(
    CONSOLE_JOBS.map((job) =>
      job
        .drain?.()
        .catch((error: unknown) => console.error(`[console] draining ${job.name} failed:`, safeError(error))),
    ),
  );
  return { streams };
}

export async function closeInstance(): Promise<void> {
  await closeDatabase();
  flushLog();
}

/**
 * Makes the two halves reachable by scripts/serve.mjs. Under plain `next start` (no such
 * server), the drain runs on the signal before Next's own handler closes the server: live
 * streams must end for it to finish. Next exits once its server closed, so sends still in
 * flight then are retried by another instance when their lease ends.
 */
export function registerShutdown(): void {
  const hooks = globalThis as typeof globalThis & {
    __consoleShutdownHooks?: { drain: typeof drainInstance; close: typeof closeInstance };
    __consoleServer?: boolean;
  };
  if (hooks.__consoleShutdownHooks) return;
  hooks.__consoleShutdownHooks = { drain: drainInstance, close: closeInstance };
  if (hooks.__consoleServer) return;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.prependListener(signal, () => {
      void drainInstance().catch((error: unknown) => console.error("[console] drain failed:", safeError(error)));
    });
  }
}
