import "server-only";
import { REPLAY_WINDOW_MS } from "./middleware/idempotency";
import { pruneIdempotencyKeys } from "./store/idempotency";
import { pruneRateLimitWindows } from "./store/rate-limits";
import { keepPartitions } from "./store/partitions";
import type { Worker } from "./worker";

const EVERY_MS = 60_000;
let lastRun = 0;

/**
 * Drops rate-limit windows that ended and idempotency records past their 24 h replay window, and
 * keeps the day partitions of the request log and the events (30 days kept, decision D11.7).
 */
export const housekeeping: Worker = {
  name: "housekeeping",
  async tick({ db, clock }) {
    const now = clock.now().getTime();
    if (now - lastRun < EVERY_MS) return;
    lastRun = now;
    await pruneRateLimitWindows(db, now - 2 * 60_000);
    await pruneIdempotencyKeys(db, new Date(now - REPLAY_WINDOW_MS));
    await keepPartitions(db, new Date(now));
  },
};
