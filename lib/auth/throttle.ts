import "server-only";

/**
 * Failed sign-ins per email address, in this process: after MAX_FAILURES within WINDOW_MS the
 * address must wait until the window ends. Enough for one console instance; several instances
 * behind a balancer each count their own (move this to the database if that matters).
 */
const MAX_FAILURES = 8;
const WINDOW_MS = 15 * 60_000;

type Entry = { failures: number; since: number };
const holder = globalThis as typeof globalThis & { __signInFailures?: Map<string, Entry> };
const failures = (holder.__signInFailures ??= new Map<string, Entry>());

/** Seconds to wait before trying this address again, or 0. */
export function signInWait(email: string, now = Date.now()): number {
  const entry = failures.get(email);
  if (!entry || now - entry.since >= WINDOW_MS) return 0;
  return entry.failures >= MAX_FAILURES ? Math.ceil((entry.since + WINDOW_MS - now) / 1000) : 0;
}

export function noteSignInFailure(email: string, now = Date.now()): void {
  const entry = failures.get(email);
  if (!entry || now - entry.since >= WINDOW_MS) failures.set(email, { failures: 1, since: now });
  else entry.failures += 1;
  if (failures.size > 10_000) for (const [key, value] of failures) if (now - value.since >= WINDOW_MS) failures.delete(key);
}

export function clearSignInFailures(email: string): void {
  failures.delete(email);
}
