/**
 * The amendment of 2026-12-02 (CONTRACT §7, decisions D7.5), through the real routes on PGlite and
 * on the machine's PostgreSQL: `completed_at` is set when the payout completes (and kept by a
 * later REQUEST_COMPLETED), and inbound funds that fail, are canceled or expire cancel the payout
 * they would have funded, whatever moved them (the payment, a PUT, the clock).
 */
import { describe, expect, it } from "vitest";
import type { DriverKind } from "../testing/harness";
import { withTestService } from "../testing/with-test-service";
import { call, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

describe.each<DriverKind>(["pglite", "postgres"])("contract amendment of 2026-12-02 (%s)", (driver) => {
  const s = withTestService({ driver });

  const get = async (id: unknown) => (await call(s, "GET", `/v0/settlement-requests/${String(id)}`)).body;
  const side = (r: Json, name: "inbound_payment" | "outbound_payment") => r[name] as Json;
  async function funded(): Promise<Json> {
    const made = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
    expect(made.status).toBe(201);
    expect(
      (await call(s, "PUT", `/v0/settlement-requests/${String(made.body.id)}`, { status: "FUNDS_SENT" })).status,
    ).toBe(200);
    return made.body;
  }
  const patchInbound = (r: Json, body: Json) =>
    call(s, "PATCH", `/v0/sandbox/payments/${String(side(r, "inbound_payment").id)}/status`, body);

  it("completed_at is the time the payout completed; REQUEST_COMPLETED keeps it", async () => {
    const r = await funded();
    expect(r.completed_at).toBeNull();
    expect((await patchInbound(r, { status: "COMPLETED" })).status).toBe(200);
    await s.advance(2000);
    let got = await get(r.id);
    expect(got).toMatchObject({ status: "SETTLEMENT_SENT", completed_at: null });
    await s.advance(3000);
    got = await get(r.id);
    expect(got.status).toBe("SETTLEMENT_COMPLETED");
    expect(typeof got.completed_at).toBe("string");
    const payout = await call(s, "GET", `/v0/payments/${String(side(r, "outbound_payment").id)}`);
    expect(got.completed_at).toBe(payout.body.completed_at);
    const completedAt = got.completed_at;
    s.clock.advance(60_000);
    const done = await call(s, "PUT", `/v0/settlement-requests/${String(r.id)}`, { status: "REQUEST_COMPLETED" });
    expect(done.body).toMatchObject({ status: "REQUEST_COMPLETED", completed_at: completedAt });
  });

  it("a request completed by PUT from SETTLEMENT_SENT gets completed_at then", async () => {
    const r = await funded();
    await patchInbound(r, { status: "COMPLETED" });
    await s.advance(2000);
    const done = await call(s, "PUT", `/v0/settlement-requests/${String(r.id)}`, { status: "REQUEST_COMPLETED" });
    expect(done.body).toMatchObject({ status: "REQUEST_COMPLETED", completed_at: s.clock.now().toISOString() });
  });

  it.each([
    ["FAILED", "PAYIN_FAILED"],
    ["CANCELED", "PAYIN_CANCELED"],
    ["EXPIRED", "REQUEST_EXPIRED"],
  ])("inbound %s: the request is %s and the payout it would have funded is CANCELED", async (status, to) => {
    const r = await funded();
    const body: Json = status === "FAILED" ? { status, failure_reason: "The bank returned the funds" } : { status };
    expect((await patchInbound(r, body)).status).toBe(200);
    const got = await get(r.id);
    expect(got).toMatchObject({
      status: to,
      inbound_payment: { status },
      outbound_payment: { status: "CANCELED" },
      completed_at: null,
    });
    const payout = await call(s, "GET", `/v0/payments/${String(side(r, "outbound_payment").id)}`);
    expect(payout.body.status).toBe("CANCELED");
  });

  it.each(["PAYIN_FAILED", "PAYIN_CANCELED"])("PUT %s cancels the payout too", async (status) => {
    const r = await funded();
    const res = await call(s, "PUT", `/v0/settlement-requests/${String(r.id)}`, {
      status,
      ...(status === "PAYIN_FAILED" ? { failure_reason: "Returned by the bank" } : {}),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status,
      inbound_payment: { status: status === "PAYIN_FAILED" ? "FAILED" : "CANCELED" },
      outbound_payment: { status: "CANCELED" },
    });
  });

  it("a request that expires on the clock cancels its payout", async () => {
    const made = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
    const validUntil = Date.parse(String((made.body.payment_instructions as Json).valid_until));
    await s.advance(validUntil - s.clock.now().getTime() + 1000);
    expect(await get(made.body.id)).toMatchObject({
      status: "REQUEST_EXPIRED",
      outbound_payment: { status: "CANCELED" },
    });
  });
});
