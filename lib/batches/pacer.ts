/**
 * How fast a batch goes out (decisions D20.4): never faster than BATCH_SENDS_PER_SECOND (when
 * set), and within the API's rate limit as its answers report it. When the RateLimit headers
 * say the window is spent, the next send waits for the window's reset; a 429 waits for its
 * Retry-After. Rows are never failed for being rate limited. Pure (the clock and the sleep are
 * injected for tests).
 */
export type RateLimitSeen = { limit: number; remaining: number; resetSeconds: number };

export class Pacer {
  private nextAt = 0;
  private blockedUntil = 0;

  constructor(
    private readonly perSecond: number,
    private readonly clock: { now(): number; sleep(ms: number): Promise<void> } = {
      now: () => Date.now(),
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    },
  ) {}

  /** Waits until one more send may go. */
  async slot(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const at = Math.max(this.blockedUntil, this.perSecond > 0 ? this.nextAt : 0);
      if (at <= now) {
        if (this.perSecond > 0) this.nextAt = Math.max(now, this.nextAt) + 1000 / this.perSecond;
        return;
      }
      await this.clock.sleep(Math.min(at - now, 1_000));
    }
  }

  /** What the last answer's RateLimit headers said: a spent window blocks until its reset. */
  saw(rate: RateLimitSeen | undefined): void {
    if (rate && rate.remaining <= 0) this.blockFor(rate.resetSeconds);
  }

  /** A 429's Retry-After (or the window's reset): nothing goes before it. */
  blockFor(seconds: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.clock.now() + Math.max(1, seconds) * 1000);
  }

  /** Milliseconds until sends may go again (0: now). */
  waitMs(): number {
    return Math.max(0, this.blockedUntil - this.clock.now());
  }
}
