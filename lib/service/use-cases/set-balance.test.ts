import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { VALID } from "@/lib/schemas/test-fixtures";
import { events } from "../store/schema";
import { withTestService } from "../testing/with-test-service";
import { balanceOf, ledgerOf } from "../testing/balances";
import { SANDBOX_SEED_BALANCES } from "./balances";
import { SetBalanceError, setAccountBalance } from "./set-balance";

/** The operator command's use case, and the seeded sandbox balances. */
describe("balances", () => {
  const s = withTestService();
  const set = (amount: string, over: Partial<Parameters<typeof setAccountBalance>[1]> = {}) =>
    setAccountBalance(s.deps.db, {
      accountName: s.account.name,
      environment: "production",
      currency: "USDC",
      amount,
      lowBalanceThreshold: "1000",
      at: s.clock.now(),
      ...over,
    });

  it("seeds the sandbox at bootstrap, once", async () => {
    expect(await balanceOf(s, "USDC")).toEqual({
      currency: "USDC",
      total_balance: "100000.00000000",
      available_balance: "100000.00000000",
      reserved_balance: "0.00000000",
    });
    expect(SANDBOX_SEED_BALANCES.EURC).toBe("50000");
    expect(await ledgerOf(s, "EURC")).toEqual(await balanceOf(s, "EURC"));
  });

  it("production starts at zero; the operator sets the total", async () => {
    expect(await balanceOf(s, "USDC", "production")).toMatchObject({ total_balance: "0.00000000" });
    expect(await set("1000.00")).toEqual({
      currency: "USDC",
      total_balance: "1000.00000000",
      available_balance: "1000.00000000",
      reserved_balance: "0.00000000",
    });
  });

  it("keeps reserves when the total changes, and refuses a total below them", async () => {
    const res = await s.request("POST", "/v0/disbursements", {
      key: s.keys.production,
      body: { wallet_address: VALID.evm, amount: "300", currency: "USDC" },
    });
    expect(res.status).toBe(201);
    expect(await set("2500.5")).toEqual({
      currency: "USDC",
      total_balance: "2500.50000000",
      available_balance: "2200.50000000",
      reserved_balance: "300.00000000",
    });
    await expect(set("299.999999")).rejects.toBeInstanceOf(SetBalanceError);
    expect(await balanceOf(s, "USDC", "production")).toMatchObject({ total_balance: "2500.50000000" });
    expect(await ledgerOf(s, "USDC", "production")).toEqual(await balanceOf(s, "USDC", "production"));
  });

  it("refuses bad input", async () => {
    await expect(set("1.0000001")).rejects.toThrow(/decimal/);
    await expect(set("-1")).rejects.toThrow(/negative/);
    await expect(set("1", { currency: "USD" })).rejects.toThrow(/currency/);
    await expect(set("1", { accountName: "nobody" })).rejects.toThrow(/no account/);
  });

  it("an operator cut below the threshold fires account.balance.low", async () => {
    const count = async () =>
      (await s.deps.db.select().from(events).where(eq(events.type, "account.balance.low"))).length;
    const before = await count();
    await set("800");
    expect(await count()).toBe(before + 1);
  });
});
