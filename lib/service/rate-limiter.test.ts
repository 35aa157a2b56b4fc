import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter";
import type { Db } from "@/lib/db/database";

/** A database whose claims answer from a script: a row, or a failure. */
function scriptedDb(answers: Array<"row" | "fail">): Db {
  const row = {
    key_id: "k1",
    account_id: "a1",
    account_name: "Acme",
    environment: "sandbox",
    lim: 100,
    count: 1,
    last_grant: 1,
  };
  let calls = 0;
  return {
    execute: async () => {
      const answer = answers[Math.min(calls++, answers.length - 1)];
      if (answer === "fail") throw new Error("database down");
      return { rows: [{ ...row, count: calls }] };
    },
  } as unknown as Db;
}

describe("RateLimiter when the database fails", () => {
  it("fails the claiming request and its waiters, leaves no unhandled rejection, and recovers", async () => {
    const limiter = new RateLimiter(
      scriptedDb(["row", "fail", "fail", "fail", "row"]),
      { sandbox: 100, production: 100 },
      () => Date.parse("2026-11-21T10:00:05Z"),
    );
    expect((await limiter.admit("sk_test_key")).kind).toBe("admitted");
    // The slot is spent: a lone claim fails (and its in-flight marker must not reject unheard)...
    await expect(limiter.admit("sk_test_key")).rejects.toThrow("database down");
    // ...and so do a claim and the request waiting for it; both see the failure.
    const outcomes = await Promise.allSettled([limiter.admit("sk_test_key"), limiter.admit("sk_test_key")]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect((await limiter.admit("sk_test_key")).kind).toBe("admitted");
    limiter.close();
  });
});
