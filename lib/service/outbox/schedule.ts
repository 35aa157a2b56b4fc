/**
 * The retry schedule of the interface document (Events 9): 10 attempts in all; attempt 1 at
 * once, then each after the given delay since the previous attempt failed. After the tenth
 * failure the delivery is FAILED.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** RETRY_DELAYS_MS[n] is the wait before attempt n + 1. */
export const RETRY_DELAYS_MS: readonly number[] = [
  0,
  1 * MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  1 * HOUR,
  1 * DAY,
  2 * DAY,
  4 * DAY,
  7 * DAY,
  14 * DAY,
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;

/**
 * After `failedAttempts` failures in all, when the next attempt is due, or null when the
 * delivery has used its attempts and is FAILED.
 */
export function nextAttemptAt(failedAttempts: number, failedAt: Date): Date | null {
  if (failedAttempts >= MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + RETRY_DELAYS_MS[failedAttempts]);
}
