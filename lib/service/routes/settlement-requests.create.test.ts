import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { VALID } from "@/lib/schemas/test-fixtures";
import { events } from "../store/schema";
import { eventData } from "../store/events";
import { createTestService } from "../testing/harness";
import { withTestService } from "../testing/with-test-service";
import { call, expectFieldError, type Json } from "../testing/http";
import { BODIES, withFields } from "../testing/settlement-fixtures";

const s = withTestService();

const create = (body: unknown, init?: { key?: string | null; headers?: Record<string, string> }) =>
  call(s, "POST", "/v0/settlement-requests", body, init);

describe("POST /v0/settlement-requests: the four types", () => {
  it("STABLECOIN_TO_STABLECOIN: canonical amount, default source, crypto instructions valid 30 min", async () => {
    const res = await create(BODIES.s2s);
    expect(res.status).toBe(201);
    const r = res.body;
    expect(r).toMatchObject({
      type: "STABLECOIN_TO_STABLECOIN",
      status: "REQUEST_STARTED",
      amount: "100.00000000",
      source: { currency: "USDC", rail: "SOLANA" },
      destination: { is_third_party: false, wallet_address: VALID.solana },
      created_at: "2026-11-21T12:00:00.000Z",
    });
    expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
    const pi = r.payment_instructions as Json;
    expect(pi).toMatchObject({
      currency: "USDC",
      chain: "SOLANA",
      amount: "100.00000000",
      destination_currency: "USDC",
      destination_amount: "99.90000000",
      exchange_rate: "1",
      fee: { fixed: 0, variable: 0.001, total: 0.1 },
      valid_until: "2026-11-21T12:30:00.000Z",
    });
    expect(typeof pi.wallet_address).toBe("string");
    expect(pi).not.toHaveProperty("bank_name");
    expect(r.inbound_payment).toMatchObject({
      type: "PAYIN",
      status: "AWAITING_FUNDS",
      amount: "100.00000000",
      currency: "USDC",
    });
    expect(r.outbound_payment).toMatchObject({
      type: "PAYOUT",
      status: "AWAITING_FUNDS",
      amount: "99.90000000",
      currency: "USDC",
    });
    expect(r).not.toHaveProperty("transaction_id");
  });

  it("rounds the quote at the currency's precision (decisions D4)", async () => {
    const res = await create({ ...BODIES.s2s, amount: "12.345678" });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe("12.34567800");
    // fee = round_half_up(12.345678 × 0.001, 6) = 0.012346; D = round_down(12.333332, 6)
    expect(res.body.payment_instructions).toMatchObject({
      fee: { total: 0.012346 },
      destination_amount: "12.33333200",
    });
  });

  it("FIAT_TO_STABLECOIN: number amount, fiat instructions valid 2 days with a deposit message", async () => {
    const res = await create(BODIES.f2s);
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe("250.50000000");
    const pi = res.body.payment_instructions as Json;
    expect(pi).toMatchObject({
      currency: "USD",
      rail: "ACH",
      amount: "250.50000000",
      destination_currency: "USDC",
      destination_amount: "248.25000000",
      fee: { fixed: 1, variable: 0.005, total: 2.25 },
      valid_until: "2026-11-23T12:00:00.000Z",
    });
    for (const f of ["bank_name", "account_number", "routing_number", "deposit_message"])
      expect(typeof pi[f]).toBe("string");
    expect(pi).not.toHaveProperty("wallet_address");
  });

  it("STABLECOIN_TO_FIAT: source amount computed from destination.amount; bank fields masked", async () => {
    const res = await create(BODIES.s2f);
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe("1005.02008000");
    expect(res.body.destination).toMatchObject({
      amount: "1000.00000000",
      account_number: "••••6789",
      routing_number: VALID.routing,
    });
    expect(res.body.payment_instructions).toMatchObject({
      destination_amount: "1000.00000000",
      amount: "1005.02008000",
    });
    expect(res.body.outbound_payment).toMatchObject({ amount: "1000.00000000", currency: "USD" });
  });

  it("FIAT_TO_FIAT: EUR instructions carry IBAN and BIC; IBAN masked in the destination", async () => {
    const res = await create(BODIES.f2f);
    expect(res.status).toBe(201);
    expect((res.body.destination as Json).iban).toBe("••••5432");
    const pi = res.body.payment_instructions as Json;
    expect(pi.account_number).toMatch(/^[A-Z]{2}\d{2}/);
    expect(pi.routing_number).toMatch(/^[A-Z]{6}/);
    expect(pi.exchange_rate).toBe("0.877906976744");
  });

  it("FIAT_TO_FIAT with destination.amount and the default source (USD over ACH)", async () => {
    const body = withFields(BODIES.f2f, { amount: undefined, source: undefined, "destination.amount": "100.00" });
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body.source).toMatchObject({ currency: "USD", rail: "ACH", country_code: "US" });
    expect(res.body.payment_instructions).toMatchObject({ destination_amount: "100.00000000" });
  });

  it("CLABE and NUBAN destinations are masked to the last four", async () => {
    const mxn = await create(
      withFields(BODIES.f2f, {
        destination: {
          currency: "MXN",
          rail: "LOCAL",
          clabe: VALID.clabe,
          beneficiary: { type: "INDIVIDUAL", first_name: "A", last_name: "B", address: { country_code: "MX" } },
        },
      }),
    );
    expect(mxn.status).toBe(201);
    expect((mxn.body.destination as Json).clabe).toBe("••••9719");
    const ngn = await create(
      withFields(BODIES.f2f, {
        destination: {
          currency: "NGN",
          rail: "LOCAL",
          ...VALID.nuban,
          beneficiary: { type: "INDIVIDUAL", first_name: "A", last_name: "B", address: { country_code: "NG" } },
        },
      }),
    );
    expect(ngn.status).toBe(201);
    expect((ngn.body.destination as Json).account_number).toBe("••••4579");
    expect((ngn.body.destination as Json).bank_code).toBe("011");
  });

  it("maps deprecated payment_reason values to the new taxonomy", async () => {
    const a = await create(withFields(BODIES.s2s, { payment_reason: "REMITTANCES" }));
    expect(a.body.payment_reason).toBe("FAMILY_SUPPORT");
    const b = await create(withFields(BODIES.s2s, { payment_reason: "PAYMENT_FOR_GOODS_AND_SERVICES" }));
    expect(b.body.payment_reason).toBe("PURCHASE_OF_GOODS");
  });

  it("echoes external_id, metadata and is_third_party; stores the reconciliation override", async () => {
    const at = "2026-11-30T00:00:00.000Z";
    const res = await create(
      withFields(BODIES.s2s, {
        external_id: "inv-1",
        metadata: { order: "42" },
        "destination.is_third_party": true,
        reconciliation_expected_at: at,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      external_id: "inv-1",
      metadata: { order: "42" },
      destination: { is_third_party: true },
    });
    expect(res.body.reconciliation_expected_at).toBe(at);
    const put = await call(s, "PUT", `/v0/settlement-requests/${res.body.id}`, { status: "FUNDS_SENT" });
    expect(put.body.reconciliation_expected_at).toBe(at);
  });

  it("writes settlement_request.created with the request as GET returns it, and a creation history row", async () => {
    const res = await create(BODIES.s2s);
    const rows = await s.deps.db.select().from(events).where(eq(events.type, "settlement_request.created"));
    const mine = rows.map(eventData).filter((data) => data.id === res.body.id);
    expect(mine).toHaveLength(1);
    const got = await call(s, "GET", `/v0/settlement-requests/${res.body.id}`);
    expect(mine[0]).toEqual(got.body);
    const history = await call(s, "GET", `/v0/settlement-requests/${res.body.id}/history`);
    expect(history.body.data).toEqual([
      { at: "2026-11-21T12:00:00.000Z", from: null, to: "REQUEST_STARTED", cause: "api" },
    ]);
  });

  it("keeps sandbox and production apart: a sandbox id is 404 with the production key", async () => {
    const res = await create(BODIES.s2s);
    const other = await call(s, "GET", `/v0/settlement-requests/${res.body.id}`, undefined, { key: s.keys.production });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe("not_found");
    expect((await call(s, "GET", "/v0/settlement-requests/not-a-uuid")).status).toBe(404);
  });

  it("answers GETs made together (one batched look-up) each with its own request, in its own scope", async () => {
    const made = await Promise.all([create(BODIES.s2s), create(BODIES.s2s), create(BODIES.s2s)]);
    const ids = made.map((m) => m.body.id as string);
    const [a, b, c, aFromProduction, unknown] = await Promise.all([
      call(s, "GET", `/v0/settlement-requests/${ids[0]}`),
      call(s, "GET", `/v0/settlement-requests/${ids[1]}`),
      call(s, "GET", `/v0/settlement-requests/${ids[2]}`),
      call(s, "GET", `/v0/settlement-requests/${ids[0]}`, undefined, { key: s.keys.production }),
      call(s, "GET", "/v0/settlement-requests/00000000-0000-4000-8000-000000000000"),
    ]);
    expect([a, b, c].map((r) => r.body.id)).toEqual(ids);
    expect([a, b, c].map((r) => r.body)).toEqual(made.map((m) => m.body));
    expect(aFromProduction.status).toBe(404);
    expect(unknown.status).toBe(404);
  });

  it("refuses a missing key, a non-JSON body and malformed JSON", async () => {
    expect((await create(BODIES.s2s, { key: null })).status).toBe(401);
    const text = await s.request("POST", "/v0/settlement-requests", {
      body: "x",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const bad = await s.request("POST", "/v0/settlement-requests", {
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect((await create(undefined)).status).toBe(400);
  });
});

const long = (n: number) => "x".repeat(n);
const manyKeys = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));

describe("POST /v0/settlement-requests: every validation failure names its field", () => {
  const cases: Array<[string, object, Record<string, unknown>, string]> = [
    ["type missing", BODIES.s2s, { type: undefined }, "type"],
    ["type unknown", BODIES.s2s, { type: "CRYPTO" }, "type"],
    ["payment_reason missing", BODIES.s2s, { payment_reason: undefined }, "payment_reason"],
    ["payment_reason unknown", BODIES.s2s, { payment_reason: "LUNCH" }, "payment_reason"],
    ["destination missing", BODIES.s2s, { destination: undefined }, "destination"],
    ["destination currency unsupported", BODIES.s2s, { "destination.currency": "JPY" }, "destination.currency"],
    ["stablecoin on a bank rail", BODIES.s2s, { "destination.rail": "ACH" }, "destination.rail"],
    [
      "EURC on TRON",
      BODIES.s2s,
      { "destination.currency": "EURC", "destination.rail": "TRON", "destination.wallet_address": VALID.tron },
      "destination.rail",
    ],
    ["Solana address malformed", BODIES.s2s, { "destination.wallet_address": "0OIl" }, "destination.wallet_address"],
    [
      "EVM checksum wrong",
      BODIES.f2s,
      { "destination.wallet_address": VALID.evm.replace("a", "A") },
      "destination.wallet_address",
    ],
    ["EVM too short", BODIES.f2s, { "destination.wallet_address": "0x1234" }, "destination.wallet_address"],
    [
      "TRON checksum wrong",
      BODIES.s2s,
      { "destination.rail": "TRON", "destination.wallet_address": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" },
      "destination.wallet_address",
    ],
    ["wallet address missing", BODIES.s2s, { "destination.wallet_address": undefined }, "destination.wallet_address"],
    ["ABA checksum", BODIES.s2f, { "destination.routing_number": "011000016" }, "destination.routing_number"],
    ["ABA account_type missing", BODIES.s2f, { "destination.account_type": undefined }, "destination.account_type"],
    ["ABA account_type unknown", BODIES.s2f, { "destination.account_type": "BROKERAGE" }, "destination.account_type"],
    ["ABA bank_name missing", BODIES.s2f, { "destination.bank_name": undefined }, "destination.bank_name"],
    [
      "ABA account_number missing",
      BODIES.s2f,
      { "destination.account_number": undefined },
      "destination.account_number",
    ],
    ["USD over LOCAL", BODIES.s2f, { "destination.rail": "LOCAL" }, "destination.rail"],
    ["IBAN mod-97", BODIES.f2f, { "destination.iban": "GB82WEST12345698765433" }, "destination.iban"],
    ["IBAN length", BODIES.f2f, { "destination.iban": "GB82WEST1234569876543" }, "destination.iban"],
    [
      "EUR to an IBAN outside SEPA",
      BODIES.f2f,
      {
        "destination.currency": "EUR",
        "destination.sort_code": undefined,
        "destination.iban": "TR330006100519786457841326",
        "destination.beneficiary.address.country_code": "DE",
      },
      "destination.iban",
    ],
    ["GBP sort_code missing", BODIES.f2f, { "destination.sort_code": undefined }, "destination.sort_code"],
    [
      "CLABE check digit",
      BODIES.f2f,
      {
        destination: {
          currency: "MXN",
          rail: "LOCAL",
          clabe: "032180000118359718",
          beneficiary: { type: "INDIVIDUAL", first_name: "A", last_name: "B", address: { country_code: "MX" } },
        },
      },
      "destination.clabe",
    ],
    [
      "NUBAN check digit",
      BODIES.f2f,
      {
        destination: {
          currency: "NGN",
          rail: "LOCAL",
          account_number: "0000014578",
          bank_code: "011",
          beneficiary: { type: "INDIVIDUAL", first_name: "A", last_name: "B", address: { country_code: "NG" } },
        },
      },
      "destination.account_number",
    ],
    [
      "NUBAN not 10 digits",
      BODIES.f2f,
      {
        destination: {
          currency: "NGN",
          rail: "LOCAL",
          account_number: "123",
          bank_code: "011",
          beneficiary: { type: "INDIVIDUAL", first_name: "A", last_name: "B", address: { country_code: "NG" } },
        },
      },
      "destination.account_number",
    ],
    ["fiat beneficiary missing", BODIES.s2f, { "destination.beneficiary": undefined }, "destination.beneficiary"],
    [
      "INDIVIDUAL without last_name",
      BODIES.s2f,
      { "destination.beneficiary.last_name": undefined },
      "destination.beneficiary.last_name",
    ],
    [
      "BUSINESS without business_name",
      BODIES.f2f,
      { "destination.beneficiary.business_name": undefined },
      "destination.beneficiary.business_name",
    ],
    [
      "beneficiary type unknown",
      BODIES.s2f,
      { "destination.beneficiary.type": "ROBOT" },
      "destination.beneficiary.type",
    ],
    [
      "beneficiary country_code missing",
      BODIES.s2f,
      { "destination.beneficiary.address.country_code": undefined },
      "destination.beneficiary.address.country_code",
    ],
    [
      "beneficiary country_code malformed",
      BODIES.s2f,
      { "destination.beneficiary.address.country_code": "USA" },
      "destination.beneficiary.address.country_code",
    ],
    ["amount missing", BODIES.s2s, { amount: undefined }, "amount"],
    ["amount below 0.01", BODIES.s2s, { amount: "0.009" }, "amount"],
    ["amount negative", BODIES.s2s, { amount: -5 }, "amount"],
    ["amount not a number", BODIES.s2s, { amount: "ten" }, "amount"],
    ["amount exponent", BODIES.s2s, { amount: "1e3" }, "amount"],
    ["amount with 9 decimals", BODIES.s2s, { amount: "1.123456789" }, "amount"],
    ["amount with 9 decimals", BODIES.s2s, { amount: "1.123456789" }, "amount"],
    ["amount does not cover the fee", BODIES.f2s, { amount: "0.50" }, "amount"],
    ["destination.amount on STABLECOIN_TO_STABLECOIN", BODIES.s2s, { "destination.amount": "5" }, "destination.amount"],
    [
      "STABLECOIN_TO_FIAT without destination.amount",
      BODIES.s2f,
      { "destination.amount": undefined },
      "destination.amount",
    ],
    ["STABLECOIN_TO_FIAT with amount", BODIES.s2f, { amount: "5" }, "amount"],
    [
      "STABLECOIN_TO_FIAT destination.amount with 9 decimals",
      BODIES.s2f,
      { "destination.amount": "1.000000001" },
      "destination.amount",
    ],
    ["FIAT_TO_FIAT with both amounts", BODIES.f2f, { "destination.amount": "5" }, "amount"],
    ["FIAT_TO_FIAT with neither amount", BODIES.f2f, { amount: undefined }, "amount"],
    ["STABLECOIN_TO_FIAT without source", BODIES.s2f, { source: undefined }, "source"],
    ["FIAT_TO_STABLECOIN without source", BODIES.f2s, { source: undefined }, "source"],
    ["source wallet malformed", BODIES.s2f, { "source.wallet_address": "nope" }, "source.wallet_address"],
    [
      "source stablecoin on the wrong chain",
      BODIES.s2f,
      { "source.currency": "EURC", "source.rail": "TRON", "source.wallet_address": VALID.tron },
      "source.rail",
    ],
    ["fiat source from the wrong country", BODIES.f2s, { "source.country_code": "DE" }, "source.country_code"],
    ["fiat source over the wrong rail", BODIES.f2s, { "source.rail": "LOCAL" }, "source.rail"],
    [
      "fiat source on a crypto type",
      BODIES.s2f,
      { source: { currency: "USD", rail: "ACH", country_code: "US" } },
      "source.rail",
    ],
    [
      "fiat destination on STABLECOIN_TO_STABLECOIN",
      BODIES.s2f,
      { type: "STABLECOIN_TO_STABLECOIN", amount: "10", "destination.amount": undefined },
      "destination.currency",
    ],
    ["external_id over 255", BODIES.s2s, { external_id: long(256) }, "external_id"],
    ["metadata with 51 keys", BODIES.s2s, { metadata: manyKeys }, "metadata"],
    ["metadata key over 40", BODIES.s2s, { metadata: { [long(41)]: "v" } }, `metadata.${long(41)}`],
    ["metadata value over 500", BODIES.s2s, { metadata: { k: long(501) } }, "metadata.k"],
    ["metadata value not a string", BODIES.s2s, { metadata: { k: 5 } }, "metadata.k"],
    [
      "reconciliation override in the past",
      BODIES.s2s,
      { reconciliation_expected_at: "2026-11-21T11:59:59.000Z" },
      "reconciliation_expected_at",
    ],
    [
      "reconciliation override past 30 days",
      BODIES.s2s,
      { reconciliation_expected_at: "2026-12-21T12:00:01.000Z" },
      "reconciliation_expected_at",
    ],
    [
      "reconciliation override not a timestamp",
      BODIES.s2s,
      { reconciliation_expected_at: "tomorrow" },
      "reconciliation_expected_at",
    ],
    ["transaction_id after 2026-05-25", BODIES.s2s, { transaction_id: "t-1" }, "external_id"],
    ["is_third_party not a boolean", BODIES.s2s, { "destination.is_third_party": "yes" }, "destination.is_third_party"],
  ];
  it.each(cases)("%s", async (_name, base, fields, path) => {
    expectFieldError(await create(withFields(base, fields)), path);
  });

  it("accepts the override at exactly 30 days", async () => {
    const res = await create(withFields(BODIES.s2s, { reconciliation_expected_at: "2026-12-21T12:00:00.000Z" }));
    expect(res.status).toBe(201);
  });

  it("writes nothing for a refused request", async () => {
    const before = await call(s, "GET", "/v0/settlement-requests?page_size=1");
    await create(withFields(BODIES.s2s, { amount: "0.001" }));
    const after = await call(s, "GET", "/v0/settlement-requests?page_size=1");
    expect((after.body.pagination as Json).total).toBe((before.body.pagination as Json).total);
  });
});

describe("transaction_id before the 2026-05-25 cut-off", () => {
  it("is accepted as external_id and echoed", async () => {
    const early = await createTestService({ start: "2026-05-01T00:00:00.000Z" });
    try {
      const res = await call(
        early,
        "POST",
        "/v0/settlement-requests",
        withFields(BODIES.s2s, { transaction_id: "t-9" }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ external_id: "t-9", transaction_id: "t-9" });
      const both = await call(
        early,
        "POST",
        "/v0/settlement-requests",
        withFields(BODIES.s2s, { transaction_id: "t", external_id: "e" }),
      );
      expect(both.body).toMatchObject({ external_id: "e", transaction_id: "e" });
    } finally {
      await early.close();
    }
  });
});
