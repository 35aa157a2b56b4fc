/**
 * Whether the database can be reached, as this process has seen it (issue 49). PostgreSQL goes
 * away for seconds in every deployment (a restart, a failover, a connection limit): an error
 * that says so is told apart from every other error, so the service answers 503 with Retry-After
 * instead of 500, the console shows "the database is unreachable, retrying" instead of a crash
 * page, and background loops pause quietly and say when they resume. The losses and recoveries
 * are counted here and read by the metrics (lib/instance/metrics-collectors.ts).
 */
import "server-only";
import { log } from "@/lib/observability/log";

/** SQLSTATEs that mean the connection, not the statement, failed: class 08, shutdown, startup, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "53400", "58000", "58030"]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres says these in words, with no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /Query read timeout/i,
  /connection timeout/i,
];

/** True when `error` (or any error it wraps, as drizzle's DrizzleQueryError does) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === "string") {
      if (UNAVAILABLE_SQLSTATES.has(e.code) || e.code.startsWith("08")) return true;
      if (UNAVAILABLE_NODE_CODES.has(e.code)) return true;
    }
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.some((m) => m.test(e.message as string))) return true;
    // AggregateError (a connect to several addresses, ::1 and 127.0.0.1, all refused)
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 2;

type State = { up: boolean; since: number; losses: number; recoveries: number; lastError: string | null };
const holder = globalThis as typeof globalThis & { __databaseAvailability?: State };
const state = (): State =>
  (holder.__databaseAvailability ??= { up: true, since: Date.now(), losses: 0, recoveries: 0, lastError: null });

/** What this process has seen of the database: up or not, since when, how often it was lost and came back. */
export function databaseAvailability(): Readonly<State> {
  return state();
}

/** A connection was lost or could not be made: logged once per outage, not once per error. */
export function markDatabaseLost(error: unknown): void {
  const s = state();
  const message = error instanceof Error ? error.message : String(error);
  s.lastError = message.slice(0, 200);
  if (!s.up) return;
  s.up = false;
  s.since = Date.now();
  s.losses += 1;
  log().warn({ error: s.lastError }, "database unreachable: answering 503 and retrying");
}

/** A statement or a new connection succeeded: logged once, with how long the database was away. */
export function markDatabaseReachable(): void {
  const s = state();
  if (s.up) return;
  const downMs = Date.now() - s.since;
  s.up = true;
  s.since = Date.now();
  s.recoveries += 1;
  log().info({ downMs }, "database reachable again");
}

/**
 * What a background loop (webhook delivery, the scheduler, the sandbox clock, the partition
 * keeper, the batch worker, housekeeping) does with a failed pass: while the database is away it
 * says so once for the whole process and tries again on its next pass; any other failure is
 * logged as it comes.
 */
export function reportBackgroundFailure(where: string, error: unknown, describe: (e: unknown) => unknown): void {
  if (isDatabaseUnavailable(error)) {
    markDatabaseLost(error);
    return;
  }
  console.error(`${where} failed:`, describe(error));
}

/**
 * What a read that failed on the way to a page throws instead of its own error (issue 58): the
 * query builder's message carries the statement's parameters (a session token, an email), which
 * Next would print in the server log. While the database is away: an error that still says so
 * (SQLSTATE 08006), so the console's server answers 503 with Retry-After; else a message alone.
 */
export function withoutParameters(error: unknown, what: string): Error {
  if (isDatabaseUnavailable(error)) {
    markDatabaseLost(error);
    return Object.assign(new Error(`The database cannot be reached (${what})`), { code: "08006" });
  }
  const message = error instanceof Error ? error.message.split(/\n?\s*(?:params:|Failed query:)/)[0] : "";
  return new Error(`${what} failed${message ? `: ${message}` : ""}`);
}
