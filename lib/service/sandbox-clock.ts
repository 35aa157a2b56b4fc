import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import type { Clock } from "./clock";
import type { ServiceDeps } from "./context";
import type { Db, Executor } from "@/lib/db/database";
import { readSandboxOffset } from "./store/sandbox-clocks";

/**
 * Each account's sandbox clock (decision D8.3): the service clock plus an offset stored in
 * the database, which only grows. Offsets are cached per process for a second, so another
 * instance's advance is seen within a second; this instance's own advance at once.
 */
const CACHE_MS = 1_000;
const caches = new WeakMap<Db, Map<string, { offset: number; until: number }>>();

function cacheOf(db: Db): Map<string, { offset: number; until: number }> {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
}

/** The cached offset, or undefined when it must be read. */
export function cachedSandboxOffset(db: Db, accountId: string): number | undefined {
  const hit = cacheOf(db).get(accountId);
  return hit && hit.until > Date.now() ? hit.offset : undefined;
}

export async function sandboxOffset(db: Db, accountId: string): Promise<number> {
  const hit = cachedSandboxOffset(db, accountId);
  if (hit !== undefined) return hit;
  const offset = await readSandboxOffset(db, accountId);
  rememberSandboxOffset(db, accountId, offset);
  return offset;
}

/**
 * Caches an offset just read or written. Offsets only grow, so a read that started before this
 * instance's own advance (an API key claim running beside POST /v0/sandbox/clock/advance) never
 * takes the cache back.
 */
export function rememberSandboxOffset(db: Db, accountId: string, offset: number): void {
  const cache = cacheOf(db);
  const known = cache.get(accountId);
  const kept = known && known.until > Date.now() ? Math.max(known.offset, offset) : offset;
  cache.set(accountId, { offset: kept, until: Date.now() + CACHE_MS });
}

export function shiftedClock(base: Clock, offsetMs: number): Clock {
  return offsetMs === 0 ? base : { now: () => new Date(base.now().getTime() + offsetMs) };
}

/** The deps a use case runs with for one account and environment: the sandbox clock in the sandbox. */
export function depsAt(deps: ServiceDeps, offsetMs: number): ServiceDeps {
  return offsetMs === 0 ? deps : { ...deps, clock: shiftedClock(deps.clock, offsetMs) };
}

/** The offset for a row a worker handles (read inside its transaction: fresh, never cached). */
export async function rowOffset(tx: Executor, accountId: string, environment: Environment): Promise<number> {
  return environment === "sandbox" ? readSandboxOffset(tx, accountId) : 0;
}
