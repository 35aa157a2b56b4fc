import "server-only";
import { REPLAY_WINDOW_MS } from "./middleware/idempotency";
import { pruneIdempotencyKeys } from "./store/idempotency";
import { pruneRateLimitWindows } from "./store/rate-limits";
import { registerWorker } from "./workers";

const EVERY_MS = 60_000;
let lastRun = 0;

/** Drops rate-limit windows that ended and idempotency records past their 24 h replay window. */
registerWorker({
  name: "housekeeping",
  async tick({ db, clock }) {
    const now = clock.now().getTime();
    if (now - lastRun < EVERY_MS) return;
    lastRun = now;
    await pruneRateLimitWindows(db, now - 2 * 60_000);
    await pruneIdempotencyKeys(db, new Date(now - REPLAY_WINDOW_MS));
  },
});
