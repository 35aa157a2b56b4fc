/**
 * The sign-in throttle on the machine's PostgreSQL, shared by two database handles as by two
 * console instances (docs/decisions/ D13.2). Each attempt is counted before its password is
 * checked, in one statement: parallel attempts cannot race past the limits (finding 4 of the
 * security review), and the per-email limit slows down but never locks out (finding 5).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, type Database } from "@/lib/db/database";
import { freshPostgres, TEST_PG_URL } from "@/lib/service/testing/harness";
import {
  activeThrottles,
  addressUnit,
  claimPasswordCheck,
  clearThrottle,
  passwordCheckSucceeded,
  THROTTLE_LIMITS,
} from "./throttle";

describe("sign-in throttle (PostgreSQL, two instances)", () => {
  let a: Database & { schema: string };
  let b: Database;
  beforeAll(async () => {
    a = await freshPostgres(undefined, 20);
    await migrate(a.db);
    b = await openDatabase({ kind: "postgres", url: TEST_PG_URL, schema: a.schema, max: 20 });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** Ends the email's slow-down now, as if its wait had run out. */
  const endDelay = (email: string) =>
    a.db.execute(sql`update console_sign_in_throttle set next_allowed_at = now() where key = ${`email:${email}`}`);

  it("the sign-in throttle cannot be raced: 40 parallel wrong attempts get at most 5 password checks", async () => {
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) => claimPasswordCheck(i % 2 ? a.db : b.db, "race@example.com", "203.0.113.40")),
    );
    expect(claims.filter((c) => c.allowed).length).toBeLessThanOrEqual(THROTTLE_LIMITS.pair.max);
    expect(claims.filter((c) => c.allowed).length).toBeGreaterThan(0);
    // with no known address (next start): the email's slow-down alone holds the same line
    const unknown = await Promise.all(
      Array.from({ length: 40 }, (_, i) => claimPasswordCheck(i % 2 ? a.db : b.db, "race2@example.com", null)),
    );
    expect(unknown.filter((c) => c.allowed).length).toBe(THROTTLE_LIMITS.email.free);
  });

  it("locks (email, address) after its checks, whichever instance counted them, and not the person's own address", async () => {
    const email = "pat@example.com";
    for (let i = 0; i < THROTTLE_LIMITS.pair.max; i++)
      expect((await claimPasswordCheck(i % 2 ? a.db : b.db, email, "203.0.113.66")).allowed).toBe(true);
    const refused = await claimPasswordCheck(b.db, email, "203.0.113.66");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.waitSeconds).toBeGreaterThan(THROTTLE_LIMITS.pair.windowSeconds - 60);
    expect((await claimPasswordCheck(a.db, email, "198.51.100.7")).allowed).toBe(true); // the real person, elsewhere
  });

  it("lockout as a weapon: 30 failures an hour slow an email down, but a correct password from a clean address always gets in", async () => {
    const email = "admin@console.local";
    for (let i = 0; i < 30; i++) {
      await claimPasswordCheck(a.db, email, `192.0.2.${i % 3}`);
      await endDelay(email);
    }
    // an attacker's address with failures waits, exponentially, at most 15 minutes
    const attacker = await claimPasswordCheck(a.db, email, "192.0.2.1");
    expect(attacker.allowed).toBe(false);
    if (!attacker.allowed) expect(attacker.waitSeconds).toBeLessThanOrEqual(THROTTLE_LIMITS.email.maxDelaySeconds);
    // the administrator, from their own address: checked, and in
    const admin = await claimPasswordCheck(b.db, email, "198.51.100.20");
    expect(admin.allowed).toBe(true);
    if (admin.allowed) await passwordCheckSucceeded(b.db, admin.release);
    expect((await claimPasswordCheck(b.db, email, "198.51.100.20")).allowed).toBe(true);
  });

  it("guessing from many addresses stays bounded: while an email is slowed down, 25 new addresses get at most 3 checks (issue 42)", async () => {
    const email = "many@example.com";
    for (let i = 0; i < THROTTLE_LIMITS.email.free + 1; i++) await claimPasswordCheck(a.db, email, "203.0.113.200");
    const claims = await Promise.all(
      Array.from({ length: 25 }, (_, i) => claimPasswordCheck(i % 2 ? a.db : b.db, email, `127.0.0.${i + 10}`)),
    );
    expect(claims.filter((c) => c.allowed).length).toBeLessThanOrEqual(THROTTLE_LIMITS.exempt.max);
    expect(claims.filter((c) => c.allowed).length).toBeGreaterThan(0);
    expect((await activeThrottles(a.db)).some((t) => t.key === `exempt:${email}`)).toBe(true);
  });

  it("IPv6 addresses count by their /64: a machine cannot step around its pair limit by changing the interface id (issue 42)", async () => {
    const email = "v6@example.com";
    for (let i = 0; i < THROTTLE_LIMITS.pair.max; i++)
      expect((await claimPasswordCheck(a.db, email, `2001:db8:1:2::${(i + 1).toString(16)}`)).allowed).toBe(true);
    expect((await claimPasswordCheck(a.db, email, "2001:db8:1:2:ffff:ffff:ffff:ffff")).allowed).toBe(false);
    expect(addressUnit("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(addressUnit("2001:0db8:0001:0002:0000:0000:0000:000a")).toBe("2001:db8:1:2::/64");
    expect(addressUnit("203.0.113.9")).toBe("203.0.113.9");
  });

  it("with no known address, each further failure waits twice as long, and the wait ends", async () => {
    const email = "slow@example.com";
    for (let i = 0; i < THROTTLE_LIMITS.email.free; i++)
      expect((await claimPasswordCheck(a.db, email, null)).allowed).toBe(true);
    const first = await claimPasswordCheck(a.db, email, null);
    expect(first).toEqual({ allowed: false, waitSeconds: 2 });
    await endDelay(email);
    expect((await claimPasswordCheck(a.db, email, null)).allowed).toBe(true);
    const second = await claimPasswordCheck(b.db, email, null);
    expect(second).toEqual({ allowed: false, waitSeconds: 4 });
    // a refused attempt does not lengthen the wait
    expect(await claimPasswordCheck(b.db, email, null)).toEqual({ allowed: false, waitSeconds: 4 });
  });

  it("counts only failures against an address: a hundred and one correct passwords from one office all get in", async () => {
    for (let i = 0; i < THROTTLE_LIMITS.address.max + 1; i++) {
      const claim = await claimPasswordCheck(a.db, `team${i % 7}@example.com`, "198.51.100.50");
      expect(claim.allowed).toBe(true);
      if (claim.allowed) await passwordCheckSucceeded(a.db, claim.release);
    }
  });

  it("stops one address trying many emails", async () => {
    for (let i = 0; i < THROTTLE_LIMITS.address.max; i++)
      await claimPasswordCheck(b.db, `p${i}@example.com`, "198.51.100.99");
    expect((await claimPasswordCheck(a.db, "someone-new@example.com", "198.51.100.99")).allowed).toBe(false);
  });

  it("a success clears its own pair; an administrator sees and clears a throttle", async () => {
    const email = "dev@example.com";
    for (let i = 0; i < THROTTLE_LIMITS.pair.max - 1; i++) await claimPasswordCheck(a.db, email, "10.1.1.1");
    const ok = await claimPasswordCheck(a.db, email, "10.1.1.1");
    if (ok.allowed) await passwordCheckSucceeded(b.db, ok.release);
    expect((await claimPasswordCheck(a.db, email, "10.1.1.1")).allowed).toBe(true);

    for (let i = 0; i < THROTTLE_LIMITS.pair.max + 1; i++)
      await claimPasswordCheck(a.db, "locked@example.com", "10.2.2.2");
    const active = await activeThrottles(b.db);
    const pair = active.find((t) => t.key === "pair:locked@example.com|10.2.2.2");
    expect(pair).toMatchObject({ scope: "pair", email: "locked@example.com", address: "10.2.2.2" });
    expect(await clearThrottle(b.db, pair!.key)).toBe(true);
    expect((await claimPasswordCheck(a.db, "locked@example.com", "10.2.2.2")).allowed).toBe(true);
  });
});
