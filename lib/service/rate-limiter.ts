import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import { hashApiKey, onApiKeyRevoked, type KeyOwner } from "./store/api-keys";
import { identifyAndClaim } from "./store/caller-lookup";
import { rememberSandboxOffset } from "./sandbox-clock";
import type { Db } from "@/lib/db/database";

export const WINDOW_MS = 60_000;
/** How long a key's owner is trusted without asking the database (revocation elsewhere shows within this). */
const KEY_RECHECK_MS = 1_000;
/** A claim takes at most 1/SPREAD of what is left in the window. */
const SPREAD = 16;
/** Largest batch of slots one claim asks for. */
const MAX_BATCH = 1_000;

// Keys come back on every request: their hashes are kept (bounded), not recomputed.
const hashes = new Map<string, string>();
function hashOf(key: string): string {
  let hash = hashes.get(key);
  if (hash === undefined) {
    if (hashes.size >= 10_000) hashes.clear();
    hashes.set(key, (hash = hashApiKey(key)));
  }
  return hash;
}

const noop = () => undefined;

export type Admission =
  | { kind: "unknown" }
  | { kind: "admitted" | "limited"; owner: KeyOwner; limit: number; remaining: number; resetSeconds: number };

interface KeyState {
  owner: KeyOwner;
  /** performance.now() of the last database check of the key. */
  checkedAt: number;
  limit: number;
  windowStart: number;
  /** Slots this instance holds in the window and has not spent. */
  unspent: number;
  /** The window's count (every instance) at our last claim. */
  count: number;
  /** A claim in flight for this key, which requests without a slot wait for. */
  claiming: Promise<void> | null;
  /** Requests waiting for that claim: the next claim asks for at least this many. */
  waiting: number;
}

/**
 * decisions D3's per-key, per-minute limit, shared by every instance through the database
 * without a database write per request. An instance claims slots from the window's shared
 * count (rate_limit_windows) in batches and spends them in memory. A claim never takes the count
 * past the limit, so all instances together never serve more than the limit; batches are
 * limit/1000 (one slot at the default limits of 100 and 1000, so every request claims its own)
 * and never more than 1/16 of what is left, so near the limit slots go out one by one and no
 * instance refuses while another sits on spare slots beyond that.
 *
 * The claim also looks the key up and reads a sandbox account's clock offset (kept in the
 * sandbox clock's one-second cache), so a request that claims costs one round trip and a request
 * served from a batch costs none. A key revoked in this process is forgotten at once; one
 * revoked by another process is noticed at the next claim or within KEY_RECHECK_MS.
 */
export class RateLimiter {
  private readonly keys = new Map<string, KeyState>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly limits: Record<Environment, number>,
    private readonly now: () => number,
  ) {
    // The listener holds the map only (not the database), so a limiter nobody closes costs little.
    const keys = this.keys;
    this.unsubscribe = onApiKeyRevoked((keyId) => {
      for (const [hash, state] of keys) if (state.owner.keyId === keyId) keys.delete(hash);
    });
  }

  close(): void {
    this.unsubscribe();
    this.keys.clear();
  }

  /**
   * The answer when it needs no database (a slot in hand, or the window known to be spent), else
   * undefined: the common case costs no promise at all.
   */
  admitNow(key: string): Admission | undefined {
    return this.fromMemory(hashOf(key), this.now());
  }

  async admit(key: string): Promise<Admission> {
    const hash = hashOf(key);
    for (;;) {
      const now = this.now();
      const known = this.fromMemory(hash, now);
      if (known) return known;
      const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      const state = this.keys.get(hash);
      if (state?.claiming) {
        state.waiting += 1;
        await state.claiming;
        state.waiting -= 1;
        continue;
      }
      const outcome = await this.claim(hash, state, windowStart);
      if (outcome === "unknown") return { kind: "unknown" };
    }
  }

  /** Claims slots for the key (or only re-checks it while it still holds some), single-flight per key. */
  private async claim(hash: string, state: KeyState | undefined, windowStart: number): Promise<"ok" | "unknown"> {
    const carried = state?.windowStart === windowStart ? state.unspent : 0;
    const batch = state ? Math.min(MAX_BATCH, Math.max(1, Math.floor(state.limit / 1000))) : 1;
    const want = carried > 0 ? 0 : Math.max(batch, (state?.waiting ?? 0) + 1);
    const run = identifyAndClaim(this.db, { keyHash: hash, windowStart, want, limits: this.limits, spread: SPREAD });
    // Waiters only need to know the claim is over; a failure reaches them through their own claim.
    if (state) state.claiming = run.then(noop, noop);
    let found: Awaited<typeof run>;
    try {
      found = await run;
    } finally {
      if (state) state.claiming = null;
    }
    if (!found) {
      this.keys.delete(hash);
      return "unknown";
    }
    const { limit, count, granted, sandboxOffsetMs, ...owner } = found;
    // The claim read the account's sandbox clock too: the request it admits needs no read of its own.
    if (owner.environment === "sandbox") rememberSandboxOffset(this.db, owner.accountId, sandboxOffsetMs);
    // Requests for a key not seen yet claim side by side: merge into whatever state is there now.
    const target = this.keys.get(hash) ?? {
      owner,
      checkedAt: 0,
      limit,
      windowStart,
      unspent: 0,
      count: 0,
      claiming: null,
      waiting: 0,
    };
    if (target.windowStart < windowStart) Object.assign(target, { windowStart, unspent: 0, count: 0 });
    if (target.windowStart === windowStart) {
      target.unspent += granted;
      target.count = Math.max(target.count, count);
    }
    target.owner = owner;
    target.limit = limit;
    target.checkedAt = performance.now();
    this.keys.set(hash, target);
    return "ok";
  }

  private fromMemory(hash: string, now: number): Admission | undefined {
    const state = this.keys.get(hash);
    const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    if (!state || state.windowStart !== windowStart || performance.now() - state.checkedAt >= KEY_RECHECK_MS)
      return undefined;
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    if (state.unspent > 0) {
      state.unspent -= 1;
      return this.answer("admitted", state, resetSeconds);
    }
    // Every slot of the window is out (counts never fall within a window): refuse without asking.
    if (state.count >= state.limit && !state.claiming) return this.answer("limited", state, resetSeconds);
    return undefined;
  }

  private answer(kind: "admitted" | "limited", state: KeyState, resetSeconds: number): Admission {
    // Slots handed out to anyone, less those this instance still holds: as near the served count as one instance knows.
    const remaining = Math.max(0, state.limit - state.count + state.unspent);
    return { kind, owner: state.owner, limit: state.limit, remaining, resetSeconds };
  }
}
