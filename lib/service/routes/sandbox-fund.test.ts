/**
 * POST /v0/sandbox/balances/fund (extension, decision D10.7) through the real routes, on PGlite
 * and PostgreSQL: a top-up adds to available, shows on the statement, names a bad field, and
 * production keys are refused.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceOf } from "../testing/balances";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError } from "../testing/http";

describe.each<DriverKind>(["pglite", "postgres"])("sandbox top-up (%s)", (driver) => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService({ driver });
  });
  afterAll(() => s.close());

  const fund = (body: unknown, key?: string) => call(s, "POST", "/v0/sandbox/balances/fund", body, key ? { key } : {});

  it("adds to available (and total), once per call, even when calls race", async () => {
    const before = await balanceOf(s, "USDT");
    const answers = await Promise.all(["10.5", "0.25", "1000"].map((amount) => fund({ currency: "USDT", amount })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const after = await balanceOf(s, "USDT");
    const added = new Decimal(after.total_balance).minus(before.total_balance);
    expect(added.toFixed(2)).toBe("1010.75");
    expect(new Decimal(after.available_balance).minus(before.available_balance).toFixed(2)).toBe("1010.75");
    expect(after.reserved_balance).toBe(before.reserved_balance);
  });

  it("a currency never funded before starts at the amount; the statement shows the top-up", async () => {
    const made = await fund({ currency: "EURC", amount: "25.125" });
    expect(made.status).toBe(200);
    const statement = await call(s, "GET", "/v0/balances/EURC/statement");
    const entries = statement.body.entries as Array<{ kind: string; ref_type: string; total_delta: string }>;
    expect(entries.filter((e) => e.kind === "sandbox_fund")).toEqual([
      expect.objectContaining({ ref_type: "sandbox", total_delta: "25.12500000" }),
    ]);
  });

  it("names the bad field, and writes nothing", async () => {
    const before = await balanceOf(s, "USDC");
    expectFieldError(await fund({ currency: "USD", amount: "10" }), "currency");
    expectFieldError(await fund({ currency: "USDC", amount: "0" }), "amount");
    expectFieldError(await fund({ currency: "USDC", amount: "-5" }), "amount");
    expectFieldError(await fund({ currency: "USDC", amount: "1.1234567" }), "amount");
    expectFieldError(await fund({ currency: "USDC", amount: "10000000.01" }), "amount");
    expectFieldError(await fund({ currency: "USDC" }), "amount");
    expect(await balanceOf(s, "USDC")).toEqual(before);
  });

  it("refuses production keys", async () => {
    expect((await fund({ currency: "USDC", amount: "10" }, s.keys.production)).status).toBe(403);
  });
});
