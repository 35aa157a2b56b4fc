import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bootstrap } from "./bootstrap";
import { ManualClock } from "./clock";
import { defaultRateSource } from "./quotes/fixed-rates";
import { RateLimiter } from "./rate-limiter";
import { createApiKey, revokeApiKey } from "./store/api-keys";
import { migrate } from "@/lib/db/migrate";
import { queryRows, type Database } from "@/lib/db/database";
import { freshPostgres, testConfig } from "./testing/harness";

/**
 * Two limiters (two instances) on one PostgreSQL: batches of slots are claimed from the shared
 * window, and together they serve exactly the limit, whatever the interleaving.
 */
let database: Database & { schema: string };
let accountId: string;
const clock = new ManualClock("2026-11-21T10:00:05Z");

beforeAll(async () => {
  database = await freshPostgres(undefined, 20);
  await migrate(database.db);
  const account = await bootstrap({ db: database.db, clock, rates: defaultRateSource, config: testConfig }, {});
  accountId = account.id;
}, 60_000);

afterAll(async () => {
  await database.close();
});

async function admitMany(limiter: RateLimiter, key: string, n: number, wave = 100) {
  const kinds: string[] = [];
  for (let done = 0; done < n; done += wave) {
    const answers = await Promise.all(Array.from({ length: Math.min(wave, n - done) }, () => limiter.admit(key)));
    kinds.push(...answers.map((a) => a.kind));
  }
  return kinds;
}

describe("rate limiter across instances (PostgreSQL)", () => {
  it("serves exactly the limit across two instances claiming batches, never more", async () => {
    const limits = { sandbox: 20_000, production: 20_000 };
    const { key } = await createApiKey(database.db, { accountId, environment: "sandbox" });
    const a = new RateLimiter(database.db, limits, () => clock.now().getTime());
    const b = new RateLimiter(database.db, limits, () => clock.now().getTime());
    const [fromA, fromB] = await Promise.all([admitMany(a, key, 12_000), admitMany(b, key, 12_000)]);
    const admittedA = fromA.filter((k) => k === "admitted").length;
    const admittedB = fromB.filter((k) => k === "admitted").length;
    expect(admittedA + admittedB).toBe(20_000);
    expect([...fromA, ...fromB].filter((k) => k === "limited")).toHaveLength(4_000);
    // Both instances got a real share, and the shared count says what was handed out.
    expect(Math.min(admittedA, admittedB)).toBeGreaterThan(5_000);
    const [row] = await queryRows<{ total: number }>(
      database.db,
      sql`SELECT sum(count)::int AS total FROM rate_limit_windows`,
    );
    expect(Number(row.total)).toBe(20_000);
    a.close();
    b.close();
  }, 120_000);

  it("claims one slot per request at the default limits, so Remaining counts down exactly", async () => {
    const limits = { sandbox: 100, production: 1000 };
    const { key } = await createApiKey(database.db, { accountId, environment: "sandbox" });
    const a = new RateLimiter(database.db, limits, () => clock.now().getTime());
    const b = new RateLimiter(database.db, limits, () => clock.now().getTime());
    const remaining: number[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await (i % 2 ? b : a).admit(key);
      if (answer.kind !== "admitted") throw new Error(answer.kind);
      remaining.push(answer.remaining);
    }
    expect(remaining).toEqual([99, 98, 97, 96, 95, 94, 93, 92, 91, 90]);
    // A new window starts again from the limit.
    clock.advance(60_000);
    expect(await a.admit(key)).toMatchObject({ kind: "admitted", remaining: 99 });
    a.close();
    b.close();
  });

  it("forgets a key revoked in this process at once, even while it holds slots", async () => {
    const limits = { sandbox: 1_000_000, production: 1_000_000 };
    const made = await createApiKey(database.db, { accountId, environment: "sandbox" });
    const a = new RateLimiter(database.db, limits, () => clock.now().getTime());
    expect((await a.admit(made.key)).kind).toBe("admitted");
    await revokeApiKey(database.db, made.id, new Date());
    expect(await a.admit(made.key)).toEqual({ kind: "unknown" });
    a.close();
  });

  it("notices a key revoked by another process within a second", async () => {
    const limits = { sandbox: 1_000_000, production: 1_000_000 };
    const made = await createApiKey(database.db, { accountId, environment: "sandbox" });
    const a = new RateLimiter(database.db, limits, () => clock.now().getTime());
    expect((await a.admit(made.key)).kind).toBe("admitted"); // learns the limit: the next claim takes a batch
    expect((await a.admit(made.key)).kind).toBe("admitted");
    // As another process would: straight in the database, no in-process signal.
    await database.db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${made.id}`);
    expect((await a.admit(made.key)).kind).toBe("admitted"); // still within its batch and the recheck interval
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await a.admit(made.key)).toEqual({ kind: "unknown" });
    a.close();
  });
});
