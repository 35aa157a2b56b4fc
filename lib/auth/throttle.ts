import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";

/**
 * Password checks, counted in the database before the password is checked, so every console
 * instance shares them and parallel attempts cannot race past a count (docs/decisions/ D13.2):
 * - per (email, client address): 5 checks a window, then that pair waits for the window's end;
 * - per address, any email: one address trying many people, 100 a window;
 * - per email, from any address: never a lock-out, a slow-down. After 5 checks in its hour each
 *   further one waits twice as long as the one before (2 s, 4 s, … at most 15 minutes). While
 *   the email waits, an address with no recent failure for it still gets its check, but only a
 *   few such first tries per email and hour (`exempt`): past them everyone waits, so guesses
 *   from many addresses stay bounded (issue 42). A stranger failing elsewhere can delay a person.
 * - IPv6 addresses count by their /64 (one machine has a whole /64 to pick from).
 * With no known client address (no trusted proxy and not behind the console's server) there is
 * only the email's slow-down, with no exemption.
 */
export const THROTTLE_LIMITS = {
  pair: { max: 5, windowSeconds: 15 * 60 },
  address: { max: 100, windowSeconds: 15 * 60 },
  email: { free: 5, windowSeconds: 60 * 60, maxDelaySeconds: 15 * 60 },
  /** First tries from a new address while the email is slowed down, per email and hour. */
  exempt: { max: 3, windowSeconds: 60 * 60 },
} as const;

type Scope = keyof typeof THROTTLE_LIMITS;
type Key = { scope: Scope; key: string };

/** The unit an address is counted by: itself for IPv4, its /64 for IPv6 ("2001:db8:1:2::/64"). */
export function addressUnit(address: string): string {
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

function keysFor(email: string, rawAddress: string | null): Key[] {
  if (!rawAddress) return [{ scope: "email", key: `email:${email}` }];
  const address = addressUnit(rawAddress);
  return [
    { scope: "pair", key: `pair:${email}|${address}` },
    { scope: "email", key: `email:${email}` },
    { scope: "address", key: `address:${address}` },
  ];
}

/** The refusal while a wait runs: `lead`, then the wait in whole minutes (or seconds, under one). */
export function tooManyAttempts(lead: string, waitSeconds: number): string {
  if (waitSeconds < 60) {
    const seconds = Math.max(1, Math.ceil(waitSeconds));
    return `${lead} Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  }
  const minutes = Math.ceil(waitSeconds / 60);
  return `${lead} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** What a claim found: go ahead with one password check, or wait. */
export type PasswordCheckClaim =
  | { allowed: true; release: { email: string; address: string | null; emailCounted: boolean } }
  | { allowed: false; waitSeconds: number };

// The window of the row being updated has ended: it starts again.
const ENDED = sql`t.window_started_at <= now() - make_interval(secs => t.window_seconds)`;
// An email row inside its slow-down: the attempt is not counted there (and does not lengthen it).
// Against the clock, not now(): attempts racing for the row take its lock in an order their
// transactions' start times need not follow, and a free attempt leaves next_allowed_at at its
// own now(), which an attempt that started a moment earlier would otherwise read as a slow-down.
const DELAYED = sql`(t.key like 'email:%' and not (${ENDED}) and clock_timestamp() < t.next_allowed_at)`;
const NEXT_FAILURES = sql`case when ${ENDED} then 1 when ${DELAYED} then t.failures else t.failures + 1 end`;
const delayAfter = (failures: SQL) =>
  sql`make_interval(secs => case when ${failures} < ${THROTTLE_LIMITS.email.free} then 0 else least(power(2, ${failures} - ${THROTTLE_LIMITS.email.free - 1}), ${THROTTLE_LIMITS.email.maxDelaySeconds}) end)`;

/**
 * Counts one password check against every key of (email, address) in one statement, before the
 * password is checked: each key's row is locked by the upsert, so 40 parallel attempts are
 * numbered 1…40 and only those within the limits go on to a check.
 */
export async function claimPasswordCheck(
  db: Executor,
  email: string,
  address: string | null,
): Promise<PasswordCheckClaim> {
  const keys = keysFor(email, address);
  const values = keys.map(
    (k) =>
      sql`(${k.key}, 1, now(), ${THROTTLE_LIMITS[k.scope].windowSeconds}::int, ${k.scope === "email" ? sql`now()` : sql`null`}, now())`,
  );
  const rows = await queryRows<{
    key: string;
    failures: number;
    window_left: number;
    delay_left: number | null;
    counted: boolean;
  }>(
    db,
    sql`insert into console_sign_in_throttle as t (key, failures, window_started_at, window_seconds, next_allowed_at, counted_at)
        values ${sql.join(values, sql`, `)}
        on conflict (key) do update set
          failures = ${NEXT_FAILURES},
          window_started_at = case when ${ENDED} then now() else t.window_started_at end,
          counted_at = case when ${DELAYED} then t.counted_at else now() end,
          next_allowed_at = case when t.key not like 'email:%' then null when ${DELAYED} then t.next_allowed_at
                                 else now() + ${delayAfter(NEXT_FAILURES)} end
        returning key, failures,
          extract(epoch from window_started_at + make_interval(secs => window_seconds) - now())::float8 as window_left,
          extract(epoch from next_allowed_at - now())::float8 as delay_left,
          counted_at = now() as counted`,
  );
  const row = (scope: Scope) => rows.find((r) => r.key === keys.find((k) => k.scope === scope)?.key);
  const pair = row("pair");
  const byAddress = row("address");
  const byEmail = row("email");
  const waits: number[] = [];
  if (pair && pair.failures > THROTTLE_LIMITS.pair.max) waits.push(pair.window_left);
  if (byAddress && byAddress.failures > THROTTLE_LIMITS.address.max) waits.push(byAddress.window_left);
  const emailCounted = byEmail?.counted === true;
  // The email is slowed down: only an address with no recent failure for it goes on (its first
  // try in the pair's window), and only while the email has first tries left this hour.
  if (byEmail && !emailCounted) {
    const firstTry = pair?.failures === 1;
    if (!firstTry || !(await claimExemption(db, email))) waits.push(Math.max(1, Number(byEmail.delay_left ?? 1)));
  }
  if (waits.length > 0) return { allowed: false, waitSeconds: Math.max(1, Math.ceil(Math.max(...waits))) };
  return { allowed: true, release: { email, address: address ? addressUnit(address) : null, emailCounted } };
}

/** Takes one of the email's first-try exemptions of this hour (row-locked, so racing tries are numbered); false when none is left. */
async function claimExemption(db: Executor, email: string): Promise<boolean> {
  const [row] = await queryRows<{ failures: number }>(
    db,
    sql`insert into console_sign_in_throttle as t (key, failures, window_started_at, window_seconds, next_allowed_at, counted_at)
        values (${`exempt:${email}`}, 1, now(), ${THROTTLE_LIMITS.exempt.windowSeconds}::int, null, now())
        on conflict (key) do update set
          failures = case when ${ENDED} then 1 else t.failures + 1 end,
          window_started_at = case when ${ENDED} then now() else t.window_started_at end,
          counted_at = now()
        returning failures`,
  );
  return Number(row?.failures ?? 1) <= THROTTLE_LIMITS.exempt.max;
}

/**
 * The password was right: the attempt was no failure. Its pair is cleared, and its count on the
 * address and on the email taken back (with the slow-down it would have started).
 */
export async function passwordCheckSucceeded(
  db: Executor,
  release: Extract<PasswordCheckClaim, { allowed: true }>["release"],
): Promise<void> {
  if (release.address) {
    await db.execute(
      sql`delete from console_sign_in_throttle where key = ${`pair:${release.email}|${release.address}`}`,
    );
    await db.execute(
      sql`update console_sign_in_throttle set failures = greatest(failures - 1, 0) where key = ${`address:${release.address}`}`,
    );
  }
  if (release.emailCounted) {
    await db.execute(sql`
      update console_sign_in_throttle set failures = greatest(failures - 1, 0),
        next_allowed_at = case when failures - 1 < ${THROTTLE_LIMITS.email.free} then now() else next_allowed_at end
      where key = ${`email:${release.email}`}`);
  }
}

/** A throttle in force, as the People page lists it. */
export type ActiveThrottle = {
  key: string;
  scope: Scope;
  email: string | null;
  address: string | null;
  failures: number;
  waitSeconds: number;
};

/** Throttles that hold someone back now (a pair or address at its limit, an email slowed down), longest wait first. */
export async function activeThrottles(db: Executor): Promise<ActiveThrottle[]> {
  const rows = await queryRows<{ key: string; failures: number; window_left: number; delay_left: number | null }>(
    db,
    sql`select key, failures,
          extract(epoch from window_started_at + make_interval(secs => window_seconds) - now())::float8 as window_left,
          extract(epoch from next_allowed_at - now())::float8 as delay_left
        from console_sign_in_throttle
        where window_started_at > now() - make_interval(secs => window_seconds)
          and (failures > ${THROTTLE_LIMITS.pair.max} and key like 'pair:%'
            or failures > ${THROTTLE_LIMITS.address.max} and key like 'address:%'
            or key like 'email:%' and next_allowed_at > now()
            or failures > ${THROTTLE_LIMITS.exempt.max} and key like 'exempt:%')
        order by window_started_at
        limit 200`,
  );
  return rows
    .map((r) => {
      const scope = r.key.slice(0, r.key.indexOf(":")) as Scope;
      const rest = r.key.slice(scope.length + 1);
      const [email, address] =
        scope === "pair" ? rest.split("|") : scope === "email" || scope === "exempt" ? [rest, null] : [null, rest];
      const wait = scope === "email" ? Number(r.delay_left ?? 0) : Number(r.window_left);
      return {
        key: r.key,
        scope,
        email: email ?? null,
        address: address ?? null,
        failures: Number(r.failures),
        waitSeconds: Math.max(1, Math.ceil(wait)),
      };
    })
    .sort((a, b) => b.waitSeconds - a.waitSeconds);
}

/** An administrator lifts a throttle (audited by the action): its row goes. */
export async function clearThrottle(db: Executor, key: string): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from console_sign_in_throttle where key = ${key} returning key`,
  );
  return rows.length > 0;
}

/** Housekeeping (lib/instance/housekeeping.ts): rows whose window ended long ago count for nothing. */
export async function deleteEndedWindows(db: Executor): Promise<void> {
  await db.execute(sql`delete from console_sign_in_throttle where window_started_at < now() - interval '2 hours'`);
}
