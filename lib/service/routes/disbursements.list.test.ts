/**
 * GET /v0/disbursements (extension, decision D10.6): newest first, filters, the created-at range
 * and the filtered set's totals, scoped to the key's account and environment.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALID } from "@/lib/schemas/test-fixtures";
import { setBalance } from "../testing/balances";
import { createTestService, type TestService } from "../testing/harness";
import { call, expectFieldError, type Json } from "../testing/http";

type Page = {
  data: Json[];
  pagination: { total: number; total_pages: number };
  totals?: { count: number; amounts: Array<{ currency: string; amount: string }> };
};

describe("GET /v0/disbursements", () => {
  let s: TestService;
  const ids: string[] = [];
  beforeAll(async () => {
    s = await createTestService({ start: "2026-11-01T10:00:00Z" });
    await setBalance(s, "USDC", "1000.00");
    await setBalance(s, "USDT", "1000.00");
    for (const [amount, currency] of [
      ["10.50", "USDC"],
      ["20.25", "USDT"],
    ] as const) {
      ids.push(
        ((await call(s, "POST", "/v0/disbursements", { wallet_address: VALID.evm, amount, currency })).body as Json)
          .id as string,
      );
      s.clock.advance(1_000); // distinct created_at: the same instant would order by id
    }
    await s.advance(86_400_000); // 2 Nov; the first two complete on the rail
    ids.push(
      (
        (await call(s, "POST", "/v0/disbursements", { wallet_address: VALID.evm, amount: "5", currency: "USDC" }))
          .body as Json
      ).id as string,
    );
  });
  afterAll(() => s.close());

  const list = async (query = "") => (await call(s, "GET", `/v0/disbursements?${query}`)).body as unknown as Page;

  it("lists newest first, page by page, as the single resource reads", async () => {
    const all = await list();
    expect(all.data.map((d) => d.id)).toEqual([...ids].reverse());
    expect(all.pagination.total).toBe(3);
    const one = (await call(s, "GET", `/v0/disbursements/${ids[0]}`)).body;
    expect(all.data[2]).toEqual(one);
    const second = await list("page=2&page_size=2");
    expect(second.data.map((d) => d.id)).toEqual([ids[0]]);
    expect(second.pagination.total_pages).toBe(2);
  });

  it("filters by status, currency and the created-at range (whole UTC days)", async () => {
    expect((await list("status=PENDING")).data.map((d) => d.id)).toEqual([ids[2]]);
    expect((await list("status=COMPLETED")).pagination.total).toBe(2);
    expect((await list("currency=USDT")).data.map((d) => d.id)).toEqual([ids[1]]);
    expect((await list("created_from=2026-11-02")).data.map((d) => d.id)).toEqual([ids[2]]);
    expect((await list("created_to=2026-11-01")).pagination.total).toBe(2);
    expect((await list("created_from=2026-11-03")).data).toEqual([]);
  });

  it("sums the whole filtered set per currency, not the page", async () => {
    const page = await list("page_size=1&include=totals");
    expect(page.data).toHaveLength(1);
    expect(page.totals?.count).toBe(3);
    const sums = Object.fromEntries(
      (page.totals?.amounts ?? []).map((t) => [t.currency, new Decimal(t.amount).toFixed(2)]),
    );
    expect(sums).toEqual({ USDC: "15.50", USDT: "20.25" });
    expect((await list("currency=USDC&created_to=2026-11-01&include=totals")).totals).toMatchObject({ count: 1 });
    expect((await list()).totals).toBeUndefined();
  });

  it("shows nothing of another environment", async () => {
    const production = (await call(s, "GET", "/v0/disbursements", undefined, { key: s.keys.production }))
      .body as unknown as Page;
    expect(production.data).toEqual([]);
  });

  it("names the field for bad filters", async () => {
    expectFieldError(await call(s, "GET", "/v0/disbursements?created_from=tomorrow"), "created_from");
    expectFieldError(await call(s, "GET", "/v0/disbursements?status=DONE"), "status");
    expectFieldError(await call(s, "GET", "/v0/disbursements?currency=EUR"), "currency");
    expectFieldError(await call(s, "GET", "/v0/disbursements?page_size=101"), "page_size");
  });
});
