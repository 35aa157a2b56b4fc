/**
 * The amendments of 2026-11-24 (docs/decisions/ D2.4, D3.2, D3.3, D4.3, D5.2, D7.3, D9.2,
 * D10.4), through the real routes, on PGlite and on the machine's PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { VALID, individual } from "@/lib/schemas/test-fixtures";
import type { DriverKind } from "../testing/harness";
import { withTestService } from "../testing/with-test-service";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES, withFields } from "../testing/settlement-fixtures";
import { events } from "../store/schema";

const RATE_HEADERS = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];
const CAD_DESTINATION = {
  currency: "CAD",
  rail: "LOCAL",
  institution_number: "003",
  transit_number: "12345",
  account_number: "1234567",
  beneficiary: individual("CA"),
};

describe.each<DriverKind>(["pglite", "postgres"])("contract amendments of 2026-11-24 (%s)", (driver) => {
  const s = withTestService({ driver });

  const count = async () =>
    ((await call(s, "GET", "/v0/settlement-requests?page_size=1")).body.pagination as Json).total as number;

  describe("U+0000 is a 400 naming the field, and nothing is stored", () => {
    it("in a body string, a metadata key and a deep field", async () => {
      const before = await count();
      expectFieldError(
        await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2s, external_id: "inv\u0000-1" }),
        "external_id",
      );
      expectFieldError(
        await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2s, metadata: { "a\u0000": "x" } }),
        "metadata",
      );
      expectFieldError(
        await call(
          s,
          "POST",
          "/v0/settlement-requests",
          withFields(BODIES.s2f, { "destination.beneficiary.first_name": "A\u0000" }),
        ),
        "destination.beneficiary.first_name",
      );
      expect(await count()).toBe(before);
    });

    it("in the query and in a path parameter", async () => {
      expectFieldError(await call(s, "GET", "/v0/settlement-requests?external_id=a%00b"), "external_id");
      expectFieldError(await call(s, "GET", "/v0/settlement-requests/abc%00def"), "id");
      expectFieldError(await call(s, "GET", "/v0/payments/%00"), "id");
    });

    it("in an Idempotency-Key sent in a /v1 body", async () => {
      const res = await call(s, "POST", "/v1/payments", {
        type: "LIQUIDITY",
        amount: "1",
        currency_code: "USDC",
        chain: "SOLANA",
        destination_wallet: VALID.solana,
        idempotency_key: "k\u0000",
      });
      expectFieldError(res, "idempotency_key");
    });
  });

  it("a body nested thousands deep is a 400, with or without an Idempotency-Key", async () => {
    const deep = `{"metadata":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    for (const headers of [{}, { "Idempotency-Key": "deep-1" }] as Record<string, string>[]) {
      const res = await call(s, "POST", "/v0/settlement-requests", deep, { headers });
      expectFieldError(res, "metadata");
    }
    const v1 = await call(s, "POST", "/v1/payments", `{"metadata":${'{"a":'.repeat(3000)}1${"}".repeat(3000)}}`);
    expect(v1.status).toBe(400);
  });

  it("a chunked body over 1 MiB is cut while it streams (413), not read whole", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const total = 64; // 4 MiB offered
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const res = await s.app.request("/v0/settlement-requests", {
      method: "POST",
      headers: { "X-Api-Key": s.keys.sandbox, "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(total / 2);
    for (const h of RATE_HEADERS) expect(res.headers.get(h), h).not.toBeNull();
  });

  it("every answer to a keyed request carries the RateLimit headers", async () => {
    const answers = [
      await call(s, "POST", "/v0/settlement-requests", "{not json"),
      await call(s, "GET", "/v0/nowhere"),
      await call(s, "DELETE", "/v0/settlement-requests"),
      await call(s, "POST", "/v0/settlement-requests", "x".repeat(1024 * 1024 + 1)),
      await call(s, "POST", "/v0/settlement-requests", "a=b", {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      await call(s, "GET", `/v0/settlement-requests/${crypto.randomUUID()}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 404, 405, 413, 415, 404]);
    for (const a of answers) for (const h of RATE_HEADERS) expect(a.headers.get(h), `${a.status} ${h}`).not.toBeNull();
    // A request without a valid key is not counted and carries none.
    const anonymous = await call(s, "GET", "/v0/nowhere", undefined, { key: null });
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
  });

  it("an Idempotency-Key may contain spaces", async () => {
    const headers = { "Idempotency-Key": "order 42 / attempt 1" };
    const first = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s, { headers });
    expect(first.status).toBe(201);
    const again = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s, { headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    expectFieldError(
      await call(s, "POST", "/v0/settlement-requests", BODIES.s2s, { headers: { "Idempotency-Key": "   " } }),
      "Idempotency-Key",
    );
  });

  describe("amounts finer than their currency are refused, naming the field", () => {
    it("source amount, destination.amount, rates, disbursements", async () => {
      expectFieldError(
        await call(s, "POST", "/v0/settlement-requests", { ...BODIES.f2s, amount: "250.123" }),
        "amount",
      );
      expectFieldError(
        await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2s, amount: "10.1234567" }),
        "amount",
      );
      expectFieldError(
        await call(s, "POST", "/v0/settlement-requests", withFields(BODIES.s2f, { "destination.amount": "100.001" })),
        "destination.amount",
      );
      const q =
        "sourceCurrencyCode=USDC&sourceRail=SOLANA&destinationCurrencyCode=USD&destinationRail=ACH&destinationCountryCode=US";
      expectFieldError(await call(s, "GET", `/v0/rates?${q}&sourceAmount=10.1234567`), "sourceAmount");
      expectFieldError(await call(s, "GET", `/v0/rates?${q}&destinationAmount=10.001`), "destinationAmount");
      expectFieldError(
        await call(s, "POST", "/v0/disbursements", {
          wallet_address: VALID.solana,
          amount: "1.1234567",
          currency: "USDC",
        }),
        "amount",
      );
    });

    it("trailing zeros do not count", async () => {
      const res = await call(s, "POST", "/v0/settlement-requests", { ...BODIES.f2s, amount: "250.10000000" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect((res.body.payment_instructions as Json).amount).toBe("250.10000000");
    });
  });

  describe("destinations", () => {
    it("EUR goes to an IBAN of any SEPA country, Bulgaria included, for a beneficiary elsewhere", async () => {
      for (const iban of ["BG80BNBG96611020345678", VALID.ibanGB, "CH9300762011623852957"]) {
        const body = {
          type: "FIAT_TO_FIAT",
          payment_reason: "RENT",
          amount: "100",
          destination: { currency: "EUR", rail: "LOCAL", iban, beneficiary: individual("US") },
        };
        const res = await call(s, "POST", "/v0/settlement-requests", body);
        expect(res.status, `${iban}: ${JSON.stringify(res.body)}`).toBe(201);
      }
    });

    it("CAD over LOCAL (EFT) is a destination and is quotable", async () => {
      const res = await call(s, "POST", "/v0/settlement-requests", {
        type: "STABLECOIN_TO_FIAT",
        payment_reason: "RENT",
        source: { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
        destination: { ...CAD_DESTINATION, amount: "250.00" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect((res.body.destination as Json).account_number).toBe("••••4567");
      for (const [field, value] of [
        ["institution_number", "03"],
        ["transit_number", "1234"],
        ["account_number", "123456"],
      ] as const) {
        const bad = { ...CAD_DESTINATION, amount: "250.00", [field]: value };
        expectFieldError(
          await call(s, "POST", "/v0/settlement-requests", { ...BODIES.s2f, destination: bad }),
          `destination.${field}`,
        );
      }
      const rate = await call(
        s,
        "GET",
        "/v0/rates?sourceCurrencyCode=USDC&sourceRail=SOLANA&destinationCurrencyCode=CAD&destinationRail=LOCAL&destinationCountryCode=CA&sourceAmount=100",
      );
      expect(rate.status, JSON.stringify(rate.body)).toBe(200);
      expect(rate.body.destination_currency).toBe("CAD");
    });
  });

  describe("failure_reason on client moves", () => {
    async function fundsSent(): Promise<string> {
      const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
      const id = created.body.id as string;
      expect((await call(s, "PUT", `/v0/settlement-requests/${id}`, { status: "FUNDS_SENT" })).status).toBe(200);
      return id;
    }

    it("PUT PAYIN_FAILED leaves a FAILED inbound payment with a readable reason", async () => {
      const id = await fundsSent();
      const moved = await call(s, "PUT", `/v0/settlement-requests/${id}`, { status: "PAYIN_FAILED" });
      expect(moved.status).toBe(200);
      const payment = await call(s, "GET", `/v0/payments/${(moved.body.inbound_payment as Json).id}`);
      expect(payment.body.status).toBe("FAILED");
      expect(String(payment.body.failure_reason ?? "")).toMatch(/\w{3,}/);
    });

    it("PUT PAYIN_AMOUNT_MISMATCH sets failure_reason; failure_code stays null with no received amount", async () => {
      const id = await fundsSent();
      const moved = await call(s, "PUT", `/v0/settlement-requests/${id}`, { status: "PAYIN_AMOUNT_MISMATCH" });
      expect(moved.body.failure_reason).toMatch(/\w{3,}/);
      expect(moved.body.failure_code).toBeNull();
    });
  });

  describe("payment events for every payment", () => {
    const typesFor = async (paymentId: string) =>
      (await s.deps.db.select().from(events).orderBy(asc(events.createdAt)))
        .filter((e) => e.resourceId === paymentId)
        .map((e) => e.type);

    it("a request's payments send created, processing, completed; GET shows disbursement_id null", async () => {
      const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
      const inbound = (created.body.inbound_payment as Json).id as string;
      const outbound = (created.body.outbound_payment as Json).id as string;
      expect(await typesFor(inbound)).toEqual(["payment.created"]);
      expect(await typesFor(outbound)).toEqual(["payment.created"]);
      expect((await call(s, "PATCH", `/v0/sandbox/payments/${inbound}/status`, { status: "PROCESSING" })).status).toBe(
        200,
      );
      expect((await call(s, "PATCH", `/v0/sandbox/payments/${inbound}/status`, { status: "COMPLETED" })).status).toBe(
        200,
      );
      expect(await typesFor(inbound)).toEqual(["payment.created", "payment.processing", "payment.completed"]);
      expect(await typesFor(outbound)).toEqual(["payment.created", "payment.processing"]);
      const payment = await call(s, "GET", `/v0/payments/${inbound}`);
      expect(payment.body).toMatchObject({ disbursement_id: null, settlement_request_id: created.body.id });
    });

    it("a PUT that fails the inbound payment sends payment.failed", async () => {
      const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
      const id = created.body.id as string;
      await call(s, "PUT", `/v0/settlement-requests/${id}`, { status: "FUNDS_SENT" });
      await call(s, "PUT", `/v0/settlement-requests/${id}`, { status: "PAYIN_FAILED" });
      expect(await typesFor((created.body.inbound_payment as Json).id as string)).toEqual([
        "payment.created",
        "payment.failed",
      ]);
    });

    it("a disbursement's payment sends its events and names its disbursement", async () => {
      const made = await call(s, "POST", "/v0/disbursements", {
        wallet_address: VALID.solana,
        amount: "5",
        currency: "USDC",
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const paymentId = made.body.payment_id as string;
      expect(await typesFor(paymentId)).toEqual(["payment.created"]);
      const payment = await call(s, "GET", `/v0/payments/${paymentId}`);
      expect(payment.body.disbursement_id).toBe(made.body.id);
      await s.advance(10_000);
      await s.advance(10_000);
      expect(await typesFor(paymentId)).toEqual(
        expect.arrayContaining(["payment.created", "payment.processing", "payment.completed"]),
      );
    });
  });

  describe("sandbox webhook targets", () => {
    it("loopback is allowed; link-local and private ranges are refused naming url", async () => {
      const ok = await call(s, "POST", "/v0/webhooks", { url: "http://127.0.0.1:9/hook", events: ["payment.created"] });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      for (const url of ["http://169.254.169.254/latest/meta-data", "http://10.1.2.3/h", "http://192.168.0.10/h"]) {
        expectFieldError(await call(s, "POST", "/v0/webhooks", { url, events: ["payment.created"] }), "url");
      }
      expectFieldError(await call(s, "PATCH", `/v0/webhooks/${ok.body.id}`, { url: "http://169.254.169.254/" }), "url");
    });
  });
});
