import "server-only";
import { reportBackgroundFailure } from "@/lib/db/availability";
import { pruneAudit } from "@/lib/auth/audit";
import { deleteEndedWindows } from "@/lib/auth/throttle";
import { pruneLinkState } from "@/lib/pay/pay-links";
import { env } from "@/lib/env";
import { deleteExpiredMessages } from "@/lib/inbox/caps";
import { getDatabase } from "@/lib/db/connection";
import { pruneSessions } from "@/lib/listen/sessions";

const EVERY_MS = 10 * 60_000;
const holder = globalThis as typeof globalThis & { __housekeeping?: NodeJS.Timeout };

/**
 * Every ten minutes on each instance (the statements are idempotent, so several instances
 * doing it is harmless): inbox messages past their retention (a day for listen receivers),
 * sign-in throttle windows long over and listening sessions a week old are deleted.
 */
export function startHousekeeping(): void {
  if (holder.__housekeeping) return;
  const run = async () => {
    try {
      const { db } = await getDatabase();
      await deleteExpiredMessages(db);
      await deleteEndedWindows(db);
      await pruneAudit(db, env().AUDIT_RETENTION_DAYS, env().AUDIT_MAX_ROWS);
      await pruneLinkState(db);
      await pruneSessions(db);
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
