import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { events } from "../store/schema";
import { createTestService } from "../testing/harness";
import { withTestService } from "../testing/with-test-service";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

const s = withTestService();

async function newRequest(body: object = BODIES.s2s): Promise<Json> {
  const res = await call(s, "POST", "/v0/settlement-requests", body);
  expect(res.status).toBe(201);
  return res.body;
}
const put = (id: unknown, body: unknown) => call(s, "PUT", `/v0/settlement-requests/${String(id)}`, body);
const patchRequest = (id: unknown, body: unknown) =>
  call(s, "PATCH", `/v0/sandbox/settlement-requests/${String(id)}/status`, body);
const patchPayment = (id: unknown, body: unknown) =>
  call(s, "PATCH", `/v0/sandbox/payments/${String(id)}/status`, body);
const paymentId = (r: Json, side: "inbound_payment" | "outbound_payment") => (r[side] as Json).id as string;
async function updatedEvents(id: unknown): Promise<number> {
  const rows = await s.deps.db
    .select({ n: sql<number>`count(*)` })
    .from(events)
    .where(and(eq(events.type, "settlement_request.updated"), eq(events.resourceId, String(id))));
  return Number(rows[0].n);
}
async function history(id: unknown): Promise<Json[]> {
  return (await call(s, "GET", `/v0/settlement-requests/${String(id)}/history`)).body.data as Json[];
}

/** Puts a request into each status a PUT row starts from. */
async function requestIn(status: string): Promise<Json> {
  const r = await newRequest();
  if (status === "REQUEST_STARTED") return r;
  const res = await patchRequest(r.id, { status });
  expect(res.status).toBe(200);
  return res.body;
}

describe("PUT /v0/settlement-requests/{id}: the state machine", () => {
  it("FUNDS_SENT: inbound PENDING, reconciliation T+3, txHash on the inbound payment, external_id set", async () => {
    const r = await newRequest();
    const res = await put(r.id, { status: "FUNDS_SENT", txHash: "0xabc", external_id: "ext-7" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "FUNDS_SENT",
      external_id: "ext-7",
      reconciliation_expected_at: "2026-11-24T12:00:00.000Z",
      inbound_payment: { status: "PENDING" },
      outbound_payment: { status: "AWAITING_FUNDS" },
    });
    const pay = await call(s, "GET", `/v0/payments/${paymentId(r, "inbound_payment")}`);
    expect((pay.body.source as Json).transaction_hash).toBe("0xabc");
    expect(await updatedEvents(r.id)).toBe(1);
    expect(await history(r.id)).toEqual([
      expect.objectContaining({ from: null, to: "REQUEST_STARTED" }),
      { at: "2026-11-21T12:00:00.000Z", from: "REQUEST_STARTED", to: "FUNDS_SENT", cause: "api" },
    ]);
  });

  it("aliases answer with the canonical name: PROCESSING, CANCELED, COMPLETED", async () => {
    const a = await newRequest();
    expect((await put(a.id, { status: "PROCESSING" })).body.status).toBe("FUNDS_SENT");
    const b = await newRequest();
    const canceled = await put(b.id, { status: "CANCELED" });
    expect(canceled.body).toMatchObject({
      status: "REQUEST_CANCELED",
      inbound_payment: { status: "CANCELED" },
      outbound_payment: { status: "CANCELED" },
    });
    const c = await requestIn("SETTLEMENT_SENT");
    const done = await put(c.id, { status: "COMPLETED", txHash: "0xfeed" });
    expect(done.body).toMatchObject({ status: "REQUEST_COMPLETED", completed_at: "2026-11-21T12:00:00.000Z" });
    const out = await call(s, "GET", `/v0/payments/${paymentId(c, "outbound_payment")}`);
    expect((out.body.destination as Json).transaction_hash).toBe("0xfeed");
  });

  it("PUT to the current status: 200, nothing changes, no event", async () => {
    const r = await newRequest();
    await put(r.id, { status: "FUNDS_SENT" });
    const before = await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`);
    s.clock.advance(1000);
    const again = await put(r.id, { status: "PROCESSING", external_id: "ignored" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(before.body);
    expect(await updatedEvents(r.id)).toBe(1);
    expect(await history(r.id)).toHaveLength(2);
  });

  const allowed: Array<[string, string, Json]> = [
    ["REQUEST_STARTED", "REQUEST_CANCELED", { inbound_payment: { status: "CANCELED" } }],
    ["FUNDS_SENT", "PAYIN_UNDER_REVIEW", {}],
    ["FUNDS_RECEIVING_LATE", "PAYIN_UNDER_REVIEW", {}],
    ["FUNDS_SENT", "PAYIN_CANCELED", {}],
    ["FUNDS_RECEIVING_LATE", "PAYIN_FAILED", {}],
    ["PAYIN_UNDER_REVIEW", "PAYIN_CANCELED", {}],
    ["PAYIN_UNDER_REVIEW", "PAYIN_FAILED", {}],
    ["FUNDS_SENT", "PAYIN_AMOUNT_MISMATCH", {}],
    ["PAYIN_UNDER_REVIEW", "PAYIN_AMOUNT_MISMATCH", {}],
    ["SETTLEMENT_COMPLETED", "REQUEST_COMPLETED", {}],
  ];
  it.each(allowed)("%s → %s is allowed", async (from, to, extra) => {
    const r = await requestIn(from);
    const res = await put(r.id, { status: to });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: to, ...extra });
  });

  it("payment effects of PUT: UNDER_REVIEW, CANCELED, FAILED on the inbound payment", async () => {
    for (const [to, inbound] of [
      ["PAYIN_UNDER_REVIEW", "UNDER_REVIEW"],
      ["PAYIN_CANCELED", "CANCELED"],
      ["PAYIN_FAILED", "FAILED"],
    ]) {
      const r = await newRequest();
      await put(r.id, { status: "FUNDS_SENT" });
      expect((await put(r.id, { status: to })).body).toMatchObject({ inbound_payment: { status: inbound } });
    }
  });

  it("PAYIN_AMOUNT_MISMATCH sets failure_code from the amount received, else a reason", async () => {
    const r = await newRequest();
    await put(r.id, { status: "FUNDS_SENT" });
    const res = await put(r.id, { status: "PAYIN_AMOUNT_MISMATCH" });
    expect(res.body.failure_reason).toEqual(expect.any(String));
  });

  const refused: Array<[string, string]> = [
    ["REQUEST_STARTED", "PAYIN_UNDER_REVIEW"],
    ["REQUEST_STARTED", "REQUEST_COMPLETED"],
    ["REQUEST_STARTED", "PAYIN_FAILED"],
    ["FUNDS_SENT", "REQUEST_CANCELED"],
    ["FUNDS_SENT", "REQUEST_COMPLETED"],
    ["PAYIN_UNDER_REVIEW", "FUNDS_SENT"],
    ["SETTLEMENT_SENT", "PAYIN_CANCELED"],
    ["REQUEST_CANCELED", "FUNDS_SENT"],
    ["REQUEST_EXPIRED", "FUNDS_SENT"],
    ["REQUEST_COMPLETED", "REQUEST_CANCELED"],
    ["PAYIN_FAILED", "PAYIN_UNDER_REVIEW"],
    ["PAYOUT_FAILED", "REQUEST_COMPLETED"],
    ["AWAITING_PAYIN_RECONCILIATION", "REQUEST_COMPLETED"],
  ];
  it.each(refused)("%s → %s is 409 invalid_transition naming both", async (from, to) => {
    const r = await requestIn(from);
    const events = await updatedEvents(r.id);
    const res = await put(r.id, { status: to });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("invalid_transition");
    expect(res.body.message).toContain(from);
    expect(res.body.message).toContain(to);
    expect((await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`)).body.status).toBe(from);
    expect(await updatedEvents(r.id)).toBe(events);
  });

  it("validation: status missing or unknown, txHash malformed, external_id too long, transaction_id removed", async () => {
    const r = await newRequest();
    expectFieldError(await put(r.id, {}), "status");
    expectFieldError(await put(r.id, { status: "SETTLEMENT_SENT" }), "status");
    expectFieldError(await put(r.id, { status: "FUNDS_SENT", txHash: "has space" }), "txHash");
    expectFieldError(await put(r.id, { status: "FUNDS_SENT", external_id: "x".repeat(256) }), "external_id");
    expectFieldError(await put(r.id, { status: "FUNDS_SENT", transaction_id: "t" }), "external_id");
    expect((await put("00000000-0000-0000-0000-000000000000", { status: "FUNDS_SENT" })).status).toBe(404);
  });
});

describe("GET /v0/settlement-requests: list", () => {
  it("newest first with the envelope, filters by status and external_id, validates the query", async () => {
    const svc = await createTestService();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(svc, "POST", "/v0/settlement-requests", {
          ...BODIES.s2s,
          external_id: i % 2 === 0 ? "even" : "odd",
        });
        ids.push(res.body.id as string);
        svc.clock.advance(1000);
      }
      await call(svc, "PUT", `/v0/settlement-requests/${ids[1]}`, { status: "FUNDS_SENT" });
      const page = await call(svc, "GET", "/v0/settlement-requests?page=2&page_size=2");
      expect(page.body.pagination).toEqual({ page: 2, page_size: 2, total: 5, total_pages: 3 });
      expect((page.body.data as Json[]).map((r) => r.id)).toEqual([ids[2], ids[1]]);
      const def = await call(svc, "GET", "/v0/settlement-requests");
      expect(def.body.pagination).toEqual({ page: 1, page_size: 20, total: 5, total_pages: 1 });
      const even = await call(svc, "GET", "/v0/settlement-requests?external_id=even");
      expect((even.body.data as Json[]).map((r) => r.id)).toEqual([ids[4], ids[2], ids[0]]);
      const sent = await call(svc, "GET", "/v0/settlement-requests?status=FUNDS_SENT");
      expect((sent.body.data as Json[]).map((r) => r.id)).toEqual([ids[1]]);
      const empty = await call(svc, "GET", "/v0/settlement-requests?page=9");
      expect(empty.body).toMatchObject({ data: [], pagination: { page: 9, total: 5 } });
      const prod = await call(svc, "GET", "/v0/settlement-requests", undefined, { key: svc.keys.production });
      expect(prod.body.pagination).toMatchObject({ total: 0, total_pages: 0 });
      expectFieldError(await call(svc, "GET", "/v0/settlement-requests?page=0"), "page");
      expectFieldError(await call(svc, "GET", "/v0/settlement-requests?page=x"), "page");
      expectFieldError(await call(svc, "GET", "/v0/settlement-requests?page_size=0"), "page_size");
      expectFieldError(await call(svc, "GET", "/v0/settlement-requests?page_size=101"), "page_size");
      expectFieldError(await call(svc, "GET", "/v0/settlement-requests?status=NOPE"), "status");
      expect((await call(svc, "GET", "/v0/settlement-requests?page_size=100")).status).toBe(200);
      expect((await call(svc, "GET", "/v0/settlement-requests?status=AWAITING_PAYIN_RECONCILIATION")).status).toBe(200);
    } finally {
      await svc.close();
    }
  });
});

describe("sandbox PATCH of a settlement request", () => {
  it("sets any status from any status, with failure fields, history cause sandbox and an event", async () => {
    const r = await newRequest();
    const res = await patchRequest(r.id, {
      status: "PAYIN_AMOUNT_MISMATCH",
      failure_code: "AMOUNT_MISMATCH_UNDERPAYMENT",
      failure_reason: "short",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "PAYIN_AMOUNT_MISMATCH",
      failure_code: "AMOUNT_MISMATCH_UNDERPAYMENT",
      failure_reason: "short",
    });
    const back = await patchRequest(r.id, { status: "REQUEST_CANCELED" });
    expect(back.body).toMatchObject({ status: "REQUEST_CANCELED", failure_code: null, failure_reason: null });
    const out = await patchRequest(r.id, { status: "REQUEST_STARTED" });
    expect(out.body.status).toBe("REQUEST_STARTED");
    expect((await history(r.id)).slice(1).map((h) => [h.from, h.to, h.cause])).toEqual([
      ["REQUEST_STARTED", "PAYIN_AMOUNT_MISMATCH", "sandbox"],
      ["PAYIN_AMOUNT_MISMATCH", "REQUEST_CANCELED", "sandbox"],
      ["REQUEST_CANCELED", "REQUEST_STARTED", "sandbox"],
    ]);
    expect(await updatedEvents(r.id)).toBe(3);
  });

  it("validates the body and refuses production keys", async () => {
    const r = await newRequest();
    expectFieldError(await patchRequest(r.id, {}), "status");
    expectFieldError(await patchRequest(r.id, { status: "DONE" }), "status");
    expectFieldError(
      await patchRequest(r.id, { status: "FUNDS_SENT", failure_code: "AMOUNT_MISMATCH_OVERPAYMENT" }),
      "failure_code",
    );
    expectFieldError(await patchRequest(r.id, { status: "PAYIN_FAILED", failure_reason: "" }), "failure_reason");
    const prod = await call(
      s,
      "PATCH",
      `/v0/sandbox/settlement-requests/${String(r.id)}/status`,
      { status: "FUNDS_SENT" },
      { key: s.keys.production },
    );
    expect(prod.status).toBe(403);
    expect(prod.body.error).toBe("forbidden");
    expect((await patchRequest("nope", { status: "FUNDS_SENT" })).status).toBe(404);
  });
});

describe("sandbox PATCH of a payment: the payments table", () => {
  async function funded(): Promise<Json> {
    const r = await newRequest();
    await put(r.id, { status: "FUNDS_SENT" });
    return r;
  }

  it("inbound PROCESSING keeps FUNDS_SENT and sets processing_at", async () => {
    const r = await funded();
    s.clock.advance(5000);
    const res = await patchPayment(paymentId(r, "inbound_payment"), { status: "PROCESSING" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "PROCESSING", type: "PAYIN", settlement_request_id: r.id });
    const got = await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`);
    expect(got.body).toMatchObject({ status: "FUNDS_SENT", inbound_payment: { status: "PROCESSING" } });
    expect(got.body.processing_at).toBe(s.clock.now().toISOString());
    expect(await updatedEvents(r.id)).toBe(2);
  });

  it("inbound COMPLETED as instructed starts the payout; the rail completes it; PUT COMPLETED ends it", async () => {
    const r = await funded();
    await patchPayment(paymentId(r, "inbound_payment"), { status: "COMPLETED", amount: "100" });
    let got = await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`);
    expect(got.body).toMatchObject({
      status: "FUNDS_SENT",
      inbound_payment: { status: "COMPLETED" },
      outbound_payment: { status: "PROCESSING" },
    });
    await s.advance(2000);
    got = await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`);
    expect(got.body).toMatchObject({ status: "SETTLEMENT_SENT", outbound_payment: { status: "SENT" } });
    await s.advance(3000);
    got = await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`);
    expect(got.body).toMatchObject({ status: "SETTLEMENT_COMPLETED", outbound_payment: { status: "COMPLETED" } });
    const done = await put(r.id, { status: "REQUEST_COMPLETED" });
    expect(done.body.status).toBe("REQUEST_COMPLETED");
    expect((await history(r.id)).map((h) => [h.to, h.cause])).toEqual([
      ["REQUEST_STARTED", "api"],
      ["FUNDS_SENT", "api"],
      ["SETTLEMENT_SENT", "payment"],
      ["SETTLEMENT_COMPLETED", "payment"],
      ["REQUEST_COMPLETED", "api"],
    ]);
  });

  it("inbound COMPLETED with a different amount: PAYIN_AMOUNT_MISMATCH, under- or overpayment", async () => {
    const a = await funded();
    await patchPayment(paymentId(a, "inbound_payment"), { status: "COMPLETED", amount: "99.5" });
    expect((await call(s, "GET", `/v0/settlement-requests/${String(a.id)}`)).body).toMatchObject({
      status: "PAYIN_AMOUNT_MISMATCH",
      failure_code: "AMOUNT_MISMATCH_UNDERPAYMENT",
      outbound_payment: { status: "AWAITING_FUNDS" },
    });
    const b = await funded();
    await patchPayment(paymentId(b, "inbound_payment"), { status: "COMPLETED", amount: 100.01 });
    expect((await call(s, "GET", `/v0/settlement-requests/${String(b.id)}`)).body).toMatchObject({
      status: "PAYIN_AMOUNT_MISMATCH",
      failure_code: "AMOUNT_MISMATCH_OVERPAYMENT",
    });
  });

  const table: Array<["inbound_payment" | "outbound_payment", string, string]> = [
    ["inbound_payment", "UNDER_REVIEW", "PAYIN_UNDER_REVIEW"],
    ["inbound_payment", "CANCELED", "PAYIN_CANCELED"],
    ["inbound_payment", "EXPIRED", "REQUEST_EXPIRED"],
    ["outbound_payment", "SENT", "SETTLEMENT_SENT"],
    ["outbound_payment", "COMPLETED", "SETTLEMENT_COMPLETED"],
    ["outbound_payment", "UNDER_REVIEW", "PAYOUT_UNDER_REVIEW"],
    ["outbound_payment", "CANCELED", "PAYOUT_CANCELED"],
    ["outbound_payment", "REFUNDED", "REQUEST_REFUNDED"],
  ];
  it.each(table)("%s %s moves the request to %s (cause payment)", async (side, status, to) => {
    const r = await funded();
    const res = await patchPayment(paymentId(r, side), { status });
    expect(res.body.status).toBe(status);
    expect((await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`)).body.status).toBe(to);
    const last = (await history(r.id)).at(-1);
    expect(last).toMatchObject({ from: "FUNDS_SENT", to, cause: "payment", payment_id: paymentId(r, side) });
  });

  it("FAILED needs failure_reason, which the payment then carries", async () => {
    const r = await funded();
    expectFieldError(await patchPayment(paymentId(r, "outbound_payment"), { status: "FAILED" }), "failure_reason");
    const res = await patchPayment(paymentId(r, "outbound_payment"), {
      status: "FAILED",
      failure_reason: "bank rejected",
    });
    expect(res.body).toMatchObject({ status: "FAILED", failure_reason: "bank rejected" });
    expect((await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`)).body.status).toBe("PAYOUT_FAILED");
    const i = await funded();
    await patchPayment(paymentId(i, "inbound_payment"), { status: "FAILED", failure_reason: "returned" });
    expect((await call(s, "GET", `/v0/settlement-requests/${String(i.id)}`)).body.status).toBe("PAYIN_FAILED");
  });

  it("a final request does not move; validation and 403/404", async () => {
    const r = await funded();
    await put(r.id, { status: "PAYIN_CANCELED" });
    await patchPayment(paymentId(r, "outbound_payment"), { status: "COMPLETED" });
    expect((await call(s, "GET", `/v0/settlement-requests/${String(r.id)}`)).body.status).toBe("PAYIN_CANCELED");
    expectFieldError(await patchPayment(paymentId(r, "inbound_payment"), { status: "DONE" }), "status");
    expectFieldError(
      await patchPayment(paymentId(r, "inbound_payment"), { status: "COMPLETED", amount: "-1" }),
      "amount",
    );
    expectFieldError(
      await patchPayment(paymentId(r, "inbound_payment"), { status: "COMPLETED", amount: "1.123456789" }),
      "amount",
    );
    expectFieldError(
      await patchPayment(paymentId(r, "outbound_payment"), { status: "COMPLETED", amount: "1" }),
      "amount",
    );
    const prod = await call(
      s,
      "PATCH",
      `/v0/sandbox/payments/${paymentId(r, "inbound_payment")}/status`,
      { status: "COMPLETED" },
      { key: s.keys.production },
    );
    expect(prod.status).toBe(403);
    expect((await patchPayment("missing", { status: "COMPLETED" })).status).toBe(404);
  });
});
