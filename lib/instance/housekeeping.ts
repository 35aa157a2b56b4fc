import "server-only";
import { reportBackgroundFailure } from "@/lib/db/availability";
import { getDatabase } from "@/lib/db/connection";
import { CONSOLE_JOBS } from "./jobs";

const EVERY_MS = 10 * 60_000;
const holder = globalThis as typeof globalThis & { __housekeeping?: NodeJS.Timeout };

/**
 * Every ten minutes on each instance, every job's `prune` (lib/instance/jobs.ts): inbox messages
 * past their retention (a day for listen receivers), sign-in throttle windows long over, audit
 * rows past AUDIT_RETENTION_DAYS / AUDIT_MAX_ROWS, payer-link state and listening sessions a week
 * old. The statements are idempotent, so several instances doing it is harmless; one failing
 * never stops the others.
 */
export function startHousekeeping(): void {
  if (holder.__housekeeping) return;
  const run = async () => {
    try {
      const { db } = await getDatabase();
      for (const job of CONSOLE_JOBS) {
        try {
          await job.prune?.(db);
        } catch (error) {
          reportBackgroundFailure(`[console] housekeeping: ${job.name}`, error, (e) => (e as Error).message);
        }
      }
    } catch (error) {
      reportBackgroundFailure("[console] housekeeping", error, (e) => (e as Error).message);
    }
  };
  void run();
  holder.__housekeeping = setInterval(run, EVERY_MS);
  holder.__housekeeping.unref();
}

export function stopHousekeeping(): void {
  clearInterval(holder.__housekeeping);
  holder.__housekeeping = undefined;
}
