import "server-only";
import { REPLAY_WINDOW_MS } from "./middleware/idempotency";
import { pruneIdempotencyKeys } from "./store/idempotency";
import { pruneRateLimitWindows } from "./store/rate-limits";
import { pruneRequestLogs } from "./store/request-logs";
import type { Worker } from "./worker";

const EVERY_MS = 60_000;
/** Request-log entries are kept 30 days (decision D11.1). */
const REQUEST_LOG_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
let lastRun = 0;

/** Drops rate-limit windows that ended, idempotency records past their 24 h replay window and request-log entries past 30 days. */
export const housekeeping: Worker = {
  name: "housekeeping",
  async tick({ db, clock }) {
    const now = clock.now().getTime();
    if (now - lastRun < EVERY_MS) return;
    lastRun = now;
    await pruneRateLimitWindows(db, now - 2 * 60_000);
    await pruneIdempotencyKeys(db, new Date(now - REPLAY_WINDOW_MS));
    await pruneRequestLogs(db, new Date(now - REQUEST_LOG_RETENTION_MS));
  },
};
