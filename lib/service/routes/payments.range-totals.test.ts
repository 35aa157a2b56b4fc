/**
 * GET /v0/payments: the created-at range and the filtered set's totals (extensions, decision D6.2).
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "../testing/harness";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

describe("GET /v0/payments created range and totals", () => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService({ start: "2026-11-01T10:00:00Z" });
    await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
    s.clock.advance(86_400_000); // 2 Nov
    await call(s, "POST", "/v0/settlement-requests", BODIES.f2f);
  });
  afterAll(() => s.close());

  const list = async (query: string) =>
    (await call(s, "GET", `/v0/payments?${query}`)).body as {
      data: Json[];
      totals?: { count: number; amounts: Array<{ currency: string; amount: string }> };
    };

  it("keeps whole UTC days and sums the whole filtered set per currency", async () => {
    expect((await list("created_from=2026-11-02")).data).toHaveLength(2);
    expect((await list("created_to=2026-11-01")).data).toHaveLength(2);
    const page = await list("page_size=1&include=totals");
    expect(page.data).toHaveLength(1);
    expect(page.totals?.count).toBe(4);
    const all = (await list("page_size=100")).data;
    const sums: Record<string, Decimal> = {};
    for (const p of all) {
      const side = (p.type === "PAYIN" ? p.source : p.destination) as { amount: string; currency: string };
      sums[side.currency] = (sums[side.currency] ?? new Decimal(0)).plus(side.amount);
    }
    expect(
      Object.fromEntries((page.totals?.amounts ?? []).map((t) => [t.currency, new Decimal(t.amount).toFixed(8)])),
    ).toEqual(Object.fromEntries(Object.entries(sums).map(([c, d]) => [c, d.toFixed(8)])));
    expect((await list("type=PAYIN&created_from=2026-11-02&include=totals")).totals?.count).toBe(1);
  });

  it("names the field for a bad bound", async () => {
    expectFieldError(await call(s, "GET", "/v0/payments?created_from=tomorrow"), "created_from");
  });
});
