/**
 * GET /v0/balances/{currency}/statement (extension, decision D10.5): the statement reconciles
 * with the balances the API reports, movement by movement, on PGlite and PostgreSQL.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALID } from "@/lib/schemas/test-fixtures";
import { balanceOf, setBalance } from "../testing/balances";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { call, expectFieldError } from "../testing/http";

type Parts = { available: string; reserved: string; total: string };
type Statement = {
  opening: Parts;
  closing: Parts;
  truncated: boolean;
  entries: Array<{
    kind: string;
    available_delta: string;
    reserved_delta: string;
    total_delta: string;
    ref_type: string;
    ref_id: string | null;
    balance_after: Parts;
    created_at: string;
  }>;
};

describe.each<DriverKind>(["pglite", "postgres"])("balance statement (%s)", (driver) => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService({ driver, start: "2026-11-10T09:00:00Z" });
    await setBalance(s, "USDC", "1000.00");
    s.clock.advance(86_400_000); // 11 Nov
    for (const amount of ["100.25", "50"]) {
      const res = await s.request("POST", "/v0/disbursements", {
        body: { wallet_address: VALID.evm, amount, currency: "USDC" },
      });
      expect(res.status).toBe(201);
    }
    await s.advance(600_000); // both paid out: reserve consumed, network fee
  });
  afterAll(() => s.close());

  const statement = async (query = "") =>
    (await call(s, "GET", `/v0/balances/USDC/statement${query}`)).body as unknown as Statement;
  const asParts = (b: { available_balance: string; reserved_balance: string; total_balance: string }) => ({
    available: new Decimal(b.available_balance).toFixed(8),
    reserved: new Decimal(b.reserved_balance).toFixed(8),
    total: new Decimal(b.total_balance).toFixed(8),
  });

  it("closes on the balance the API reports, each movement adding up to the next running balance", async () => {
    const st = await statement();
    expect(st.opening).toEqual({ available: "0.00000000", reserved: "0.00000000", total: "0.00000000" });
    expect(st.closing).toEqual(asParts(await balanceOf(s, "USDC")));
    expect(st.truncated).toBe(false);
    const kinds = st.entries.map((e) => e.kind);
    expect(kinds.filter((k) => k === "reserve")).toHaveLength(2);
    expect(kinds.filter((k) => k === "consume")).toHaveLength(2);
    expect(kinds.slice(0, 2)).toEqual(["seed", "operator_set"]);
    let running = new Decimal(0);
    for (const e of st.entries) {
      running = running.plus(e.total_delta);
      expect(e.balance_after.total).toBe(running.toFixed(8));
      expect(new Decimal(e.balance_after.available).plus(e.balance_after.reserved).toFixed(8)).toBe(
        e.balance_after.total,
      );
    }
    expect(st.entries.at(-1)?.balance_after).toEqual(st.closing);
    const reserve = st.entries.find((e) => e.kind === "reserve");
    expect(reserve).toMatchObject({
      ref_type: "disbursement",
      available_delta: "-100.25000000",
      reserved_delta: "100.25000000",
      total_delta: "0.00000000",
    });
  });

  it("a range opens on what came before and closes on opening plus its movements", async () => {
    const before = await statement("?to=2026-11-10");
    const after = await statement("?from=2026-11-11");
    expect(before.entries.every((e) => e.created_at < "2026-11-11")).toBe(true);
    expect(after.entries.every((e) => e.created_at >= "2026-11-11")).toBe(true);
    expect(after.opening).toEqual(before.closing);
    expect(after.closing).toEqual(asParts(await balanceOf(s, "USDC")));
    expect(before.entries.length + after.entries.length).toBe((await statement()).entries.length);
    const empty = await statement("?from=2030-01-01");
    expect(empty.entries).toEqual([]);
    expect(empty.opening).toEqual(empty.closing);
  });

  it("names the field for an unknown currency or a bad bound", async () => {
    expectFieldError(await call(s, "GET", "/v0/balances/XYZ/statement"), "currency");
    expectFieldError(await call(s, "GET", "/v0/balances/USDC/statement?from=last-week"), "from");
  });
});
