import { describe, expect, it } from "vitest";
import { withTestService } from "../testing/with-test-service";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

const s = withTestService();

describe("GET /v0/payments", () => {
  it("lists both payments of each request with filters and the envelope; gets one", async () => {
    const a = (await call(s, "POST", "/v0/settlement-requests", BODIES.s2f)).body;
    s.clock.advance(1000);
    const b = (await call(s, "POST", "/v0/settlement-requests", BODIES.f2s)).body;
    await call(s, "PUT", `/v0/settlement-requests/${String(b.id)}`, { status: "FUNDS_SENT" });
    const all = await call(s, "GET", "/v0/payments");
    expect(all.body.pagination).toEqual({ page: 1, page_size: 20, total: 4, total_pages: 1 });
    const byRequest = await call(s, "GET", `/v0/payments?settlement_request_id=${String(a.id)}`);
    expect((byRequest.body.data as Json[]).map((p) => p.type).sort()).toEqual(["PAYIN", "PAYOUT"]);
    const payins = await call(s, "GET", "/v0/payments?type=PAYIN");
    expect((payins.body.data as Json[]).map((p) => p.settlement_request_id)).toEqual([b.id, a.id]);
    const pending = await call(s, "GET", "/v0/payments?status=PENDING");
    expect((pending.body.data as Json[]).map((p) => p.id)).toEqual([(b.inbound_payment as Json).id]);
    const paged = await call(s, "GET", "/v0/payments?page=2&page_size=3");
    expect(paged.body.pagination).toEqual({ page: 2, page_size: 3, total: 4, total_pages: 2 });
    expect(paged.body.data as Json[]).toHaveLength(1);

    const payin = await call(s, "GET", `/v0/payments/${String((a.inbound_payment as Json).id)}`);
    expect(payin.status).toBe(200);
    expect(payin.body).toMatchObject({
      type: "PAYIN",
      status: "AWAITING_FUNDS",
      settlement_request_id: a.id,
      source: { amount: "1005.02008000", currency: "USDC", rail: "SOLANA" },
      fee: "5.02008000",
      metadata: {},
    });
    const payout = await call(s, "GET", `/v0/payments/${String((a.outbound_payment as Json).id)}`);
    expect(payout.body).toMatchObject({
      type: "PAYOUT",
      destination: { amount: "1000.00000000", currency: "USD", rail: "ACH" },
      fee: "0.00000000",
    });
  });

  it("validates the query and hides other environments", async () => {
    expectFieldError(await call(s, "GET", "/v0/payments?status=NOPE"), "status");
    expectFieldError(await call(s, "GET", "/v0/payments?type=REFUND"), "type");
    expectFieldError(await call(s, "GET", "/v0/payments?page_size=500"), "page_size");
    const [p] = (await call(s, "GET", "/v0/payments")).body.data as Json[];
    expect((await call(s, "GET", `/v0/payments/${String(p.id)}`, undefined, { key: s.keys.production })).status).toBe(
      404,
    );
    expect((await call(s, "GET", "/v0/payments", undefined, { key: s.keys.production })).body.pagination).toMatchObject(
      { total: 0 },
    );
    expect((await call(s, "GET", "/v0/payments/unknown")).status).toBe(404);
    expect((await call(s, "GET", "/v0/payments", undefined, { key: null })).status).toBe(401);
  });
});

describe("GET /v0/sandbox/info", () => {
  it("describes the sandbox; production keys get 403", async () => {
    const res = await call(s, "GET", "/v0/sandbox/info");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      environment: "sandbox",
      account: { id: s.account.id, name: s.account.name },
      rate_limit: { limit: 100_000, window_seconds: 60 },
      server_time: s.clock.now().toISOString(),
    });
    expect(Array.isArray(res.body.balances)).toBe(true);
    expect((res.body.supported as Json).currencies).toEqual(expect.arrayContaining(["USDC", "USD", "NGN"]));
    expect((res.body.supported as Json).chains).toEqual(["SOLANA", "ETHEREUM", "POLYGON", "BASE", "TRON"]);
    const prod = await call(s, "GET", "/v0/sandbox/info", undefined, { key: s.keys.production });
    expect(prod.status).toBe(403);
    expect(prod.body.error).toBe("forbidden");
  });
});
