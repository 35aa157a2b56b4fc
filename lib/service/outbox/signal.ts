/**
 * An in-process nudge for the delivery worker. emitEvent rings it inside the caller's
 * transaction, so the ring may come before the commit: the worker then polls fast for a short
 * while (HOT_WINDOW_MS) instead of sleeping its whole interval, and picks the delivery up within
 * a poll of the commit. A rolled-back transaction leaves no rows, so a ring never sends anything.
 * Other instances learn of the work by polling the table.
 */
export const FAST_POLL_MS = 5;
export const HOT_WINDOW_MS = 1_000;

let hotUntil = 0;
const waiters = new Set<() => void>();

/** Something may be due soon: wake idle workers and keep them polling fast for a while. */
export function signalDeliveryWork(): void {
  hotUntil = Date.now() + HOT_WINDOW_MS;
  for (const wake of [...waiters]) wake();
}

/** The worker found work: stay fast for a while (bursts come together). */
export function markDeliveryActivity(): void {
  hotUntil = Math.max(hotUntil, Date.now() + HOT_WINDOW_MS);
}

/** Resolves on the next ring, or after ms. */
export function waitForSignal(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref?.();
    waiters.add(done);
  });
}

/** Between ticks: FAST_POLL_MS while hot, else until the next ring or maxMs. */
export function waitForDeliveryWork(maxMs: number): Promise<void> {
  if (Date.now() < hotUntil) return waitForSignal(Math.min(FAST_POLL_MS, maxMs));
  return waitForSignal(maxMs);
}
