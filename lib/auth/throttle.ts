import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/service/store/db";

/**
 * Failed password checks, counted in the database so every console instance shares them
 * (docs/decisions.md D13). Three counters, each over its own window:
 * - per (email, client address): a few tries, then that pair waits;
 * - per email, from any address: a slower ceiling against guessing from many addresses. It ends
 *   with its window, so a stranger can delay a person but never lock them out for good;
 * - per address, any email: one address trying many people.
 * The client address is null when unknown (no trusted proxy and not behind the console's server).
 */
export const THROTTLE_LIMITS = {
  pair: { max: 5, windowSeconds: 15 * 60 },
  email: { max: 30, windowSeconds: 60 * 60 },
  address: { max: 100, windowSeconds: 15 * 60 },
} as const;

type Scope = keyof typeof THROTTLE_LIMITS;

function keysFor(email: string, address: string | null): Array<{ scope: Scope; key: string }> {
  const keys: Array<{ scope: Scope; key: string }> = [
    { scope: "pair", key: `pair:${email}|${address ?? "unknown"}` },
    { scope: "email", key: `email:${email}` },
  ];
  if (address) keys.push({ scope: "address", key: `address:${address}` });
  return keys;
}

/** The refusal while a wait runs: `lead`, then the wait in whole minutes. */
export function tooManyAttempts(lead: string, waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `${lead} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Seconds to wait before this email may be tried again from this address, or 0. */
export async function signInWait(db: Executor, email: string, address: string | null): Promise<number> {
  const keys = keysFor(email, address);
  const rows = await queryRows<{ key: string; failures: number; wait: number }>(
    db,
    sql`select key, failures, ceil(extract(epoch from window_started_at - now()))::int as wait
        from console_sign_in_throttle where key in (${sql.join(
          keys.map((k) => sql`${k.key}`),
          sql`, `,
        )})`,
  );
  let wait = 0;
  for (const row of rows) {
    const scope = keys.find((k) => k.key === row.key)?.scope;
    if (!scope) continue;
    const limit = THROTTLE_LIMITS[scope];
    const left = Number(row.wait) + limit.windowSeconds;
    if (row.failures >= limit.max && left > 0) wait = Math.max(wait, left);
  }
  return wait;
}

/** Counts one failed check against every key; a key whose window ended starts a new one. */
export async function noteSignInFailure(db: Executor, email: string, address: string | null): Promise<void> {
  for (const { scope, key } of keysFor(email, address)) {
    const window = THROTTLE_LIMITS[scope].windowSeconds;
    await db.execute(sql`
      insert into console_sign_in_throttle as t (key, failures, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when t.window_started_at <= now() - make_interval(secs => ${window}) then 1 else t.failures + 1 end,
        window_started_at = case when t.window_started_at <= now() - make_interval(secs => ${window}) then now() else t.window_started_at end`);
  }
}

/** Housekeeping (lib/ops/housekeeping.ts): rows whose window ended long ago count for nothing. */
export async function deleteEndedWindows(db: Executor): Promise<void> {
  await db.execute(sql`delete from console_sign_in_throttle where window_started_at < now() - interval '2 hours'`);
}

/** A successful sign-in clears its own pair; the email's ceiling runs out by itself. */
export async function clearSignInFailures(db: Executor, email: string, address: string | null): Promise<void> {
  await db.execute(sql`delete from console_sign_in_throttle where key = ${`pair:${email}|${address ?? "unknown"}`}`);
}
