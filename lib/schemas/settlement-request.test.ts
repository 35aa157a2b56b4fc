import { describe, expect, it } from "vitest";
import {
  checkReconciliationOverride,
  isTransactionIdRemoved,
  settlementRequestCreateSchema,
  settlementRequestUpdateSchema,
} from "./settlement-request";
import { issuePath } from "./error";
import { DESTINATIONS, VALID } from "./test-fixtures";

type Body = Record<string, unknown>;

const solanaSource = { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana };
const usSource = { currency: "USD", rail: "ACH", country_code: "US" };

/** One valid body per destination shape. */
const VALID_BODIES: Record<string, Body> = {
  crypto: {
    type: "STABLECOIN_TO_STABLECOIN",
    payment_reason: "INVESTMENTS",
    amount: 100,
    destination: DESTINATIONS.crypto,
  },
  aba: {
    type: "STABLECOIN_TO_FIAT",
    payment_reason: "RENT",
    source: solanaSource,
    destination: { ...DESTINATIONS.aba, amount: "250.5" },
  },
  ibanEur: { type: "FIAT_TO_FIAT", payment_reason: "GIFTS", amount: "10", destination: DESTINATIONS.ibanEur },
  ibanGbp: {
    type: "STABLECOIN_TO_FIAT",
    payment_reason: "TRAVEL",
    source: solanaSource,
    destination: { ...DESTINATIONS.ibanGbp, amount: 99.99 },
  },
  clabe: {
    type: "FIAT_TO_FIAT",
    payment_reason: "LOANS",
    source: usSource,
    destination: { ...DESTINATIONS.clabe, amount: "1000" },
  },
  ngn: {
    type: "STABLECOIN_TO_FIAT",
    payment_reason: "TAXES",
    source: solanaSource,
    destination: { ...DESTINATIONS.ngn, amount: "5000" },
  },
  onRamp: {
    type: "FIAT_TO_STABLECOIN",
    payment_reason: "PURCHASE_OF_GOODS",
    amount: "0.01",
    source: usSource,
    destination: { currency: "USDT", rail: "TRON", wallet_address: VALID.tron },
  },
  evm: {
    type: "STABLECOIN_TO_STABLECOIN",
    payment_reason: "PERSONAL_TRANSFERS",
    amount: "1",
    destination: { currency: "EURC", rail: "BASE", wallet_address: VALID.evm },
    external_id: "x".repeat(255),
    metadata: { order: "42" },
    reconciliation_expected_at: "2030-01-01T00:00:00Z",
  },
};

describe("settlement request create: valid bodies", () => {
  it.each(Object.entries(VALID_BODIES))("%s", (_name, body) => {
    const r = settlementRequestCreateSchema.safeParse(body);
    expect(r.error?.issues).toBeUndefined();
    expect(r.success).toBe(true);
  });

  it("normalizes amounts, defaults and deprecated reasons", () => {
    const out = settlementRequestCreateSchema.parse({ ...VALID_BODIES.crypto, payment_reason: "REMITTANCES" });
    expect(out.amount).toBe("100.00000000");
    expect(out.payment_reason).toBe("FAMILY_SUPPORT");
    // Left out, it stays out of the body; the service reads it as false (settlement-request-view.ts).
    expect(out.destination.is_third_party).toBeUndefined();
    expect(out.source).toEqual({ currency: "USDC", rail: "SOLANA" });
  });

  it("maps PAYMENT_FOR_GOODS_AND_SERVICES to PURCHASE_OF_GOODS", () => {
    const out = settlementRequestCreateSchema.parse({
      ...VALID_BODIES.crypto,
      payment_reason: "PAYMENT_FOR_GOODS_AND_SERVICES",
    });
    expect(out.payment_reason).toBe("PURCHASE_OF_GOODS");
  });

  it("defaults the FIAT_TO_FIAT source to USD over ACH in US", () => {
    const out = settlementRequestCreateSchema.parse(VALID_BODIES.ibanEur);
    expect(out.source).toEqual({ currency: "USD", rail: "ACH", country_code: "US" });
  });

  it("stores a printed IBAN in electronic form and keeps is_third_party", () => {
    const out = settlementRequestCreateSchema.parse({
      ...VALID_BODIES.ibanEur,
      destination: { ...DESTINATIONS.ibanEur, iban: "de89 3704 0044 0532 0130 00", is_third_party: true },
    });
    expect(out.destination).toMatchObject({ iban: VALID.ibanDE, is_third_party: true });
  });

  it("canonicalizes destination.amount", () => {
    const out = settlementRequestCreateSchema.parse(VALID_BODIES.ibanGbp);
    expect(out.destination.amount).toBe("99.99000000");
  });
});

/** [name, base body, change, expected issue path] */
type Case = [string, string, (b: Body) => Body, string];

const dest = (b: Body) => b.destination as Body;
const withDest =
  (patch: Body) =>
  (b: Body): Body => ({ ...b, destination: { ...dest(b), ...patch } });
const without =
  (key: string) =>
  (b: Body): Body => {
    const copy = { ...b };
    delete copy[key];
    return copy;
  };
const withoutDest =
  (key: string) =>
  (b: Body): Body => {
    const d = { ...dest(b) };
    delete d[key];
    return { ...b, destination: d };
  };
const set =
  (patch: Body) =>
  (b: Body): Body => ({ ...b, ...patch });

const CASES: Case[] = [
  // top level
  ["type missing", "crypto", without("type"), "type"],
  ["type unknown", "crypto", set({ type: "CRYPTO_TO_MOON" }), "type"],
  ["payment_reason missing", "crypto", without("payment_reason"), "payment_reason"],
  ["payment_reason unknown", "crypto", set({ payment_reason: "BRIBES" }), "payment_reason"],
  ["destination missing", "crypto", without("destination"), "destination"],
  ["external_id too long", "crypto", set({ external_id: "x".repeat(256) }), "external_id"],
  [
    "metadata too many keys",
    "crypto",
    set({ metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) }),
    "metadata",
  ],
  ["metadata key too long", "crypto", set({ metadata: { ["k".repeat(41)]: "v" } }), `metadata.${"k".repeat(41)}`],
  ["metadata value too long", "crypto", set({ metadata: { k: "v".repeat(501) } }), "metadata.k"],
  ["metadata value not a string", "crypto", set({ metadata: { k: 1 } }), "metadata.k"],
  [
    "reconciliation override not ISO",
    "crypto",
    set({ reconciliation_expected_at: "tomorrow" }),
    "reconciliation_expected_at",
  ],
  [
    "reconciliation override without zone",
    "crypto",
    set({ reconciliation_expected_at: "2030-01-01T00:00:00" }),
    "reconciliation_expected_at",
  ],
  ["transaction_id not a string", "crypto", set({ transaction_id: 5 }), "transaction_id"],
  // amount rules (decisions D4)
  ["amount below 0.01", "crypto", set({ amount: 0.009 }), "amount"],
  ["amount zero", "crypto", set({ amount: "0" }), "amount"],
  ["amount negative number", "crypto", set({ amount: -5 }), "amount"],
  ["amount negative string", "crypto", set({ amount: "-5" }), "amount"],
  ["amount 9 decimals", "crypto", set({ amount: "1.123456789" }), "amount"],
  ["amount exponent string", "crypto", set({ amount: "1e3" }), "amount"],
  ["amount NaN string", "crypto", set({ amount: "NaN" }), "amount"],
  ["amount boolean", "crypto", set({ amount: true }), "amount"],
  ["destination.amount 9 decimals", "aba", withDest({ amount: "1.000000001" }), "destination.amount"],
  // amount per type
  ["S2S without amount", "crypto", without("amount"), "amount"],
  ["S2S with destination.amount", "crypto", withDest({ amount: "5" }), "destination.amount"],
  ["F2S without amount", "onRamp", without("amount"), "amount"],
  ["S2F without destination.amount", "aba", withoutDest("amount"), "destination.amount"],
  ["S2F with amount", "aba", set({ amount: 5 }), "amount"],
  ["F2F with neither amount", "ibanEur", without("amount"), "amount"],
  ["F2F with both amounts", "ibanEur", withDest({ amount: "5" }), "amount"],
  // type against source and destination
  ["S2F without source", "aba", without("source"), "source"],
  ["F2S without source", "onRamp", without("source"), "source"],
  ["S2F with a fiat source", "aba", set({ source: usSource }), "source.rail"],
  ["F2S with a crypto source", "onRamp", set({ source: solanaSource }), "source.rail"],
  ["S2S to a fiat destination", "crypto", set({ destination: DESTINATIONS.ibanEur }), "destination.currency"],
  [
    "S2F to a crypto destination",
    "aba",
    set({ destination: { ...DESTINATIONS.crypto, amount: "5" } }),
    "destination.currency",
  ],
  // source
  ["source rail unknown", "aba", set({ source: { ...solanaSource, rail: "CARRIER_PIGEON" } }), "source.rail"],
  [
    "source EURC on TRON",
    "aba",
    set({ source: { currency: "EURC", rail: "TRON", wallet_address: VALID.tron } }),
    "source.rail",
  ],
  [
    "source wallet invalid for chain",
    "aba",
    set({ source: { ...solanaSource, wallet_address: VALID.tron } }),
    "source.wallet_address",
  ],
  ["source wallet missing", "aba", set({ source: { currency: "USDC", rail: "SOLANA" } }), "source.wallet_address"],
  ["source country missing", "onRamp", set({ source: { currency: "USD", rail: "ACH" } }), "source.country_code"],
  ["source country not ISO", "onRamp", set({ source: { ...usSource, country_code: "usa" } }), "source.country_code"],
  [
    "source country does not fit currency",
    "onRamp",
    set({ source: { ...usSource, country_code: "MX" } }),
    "source.country_code",
  ],
  ["source USD over LOCAL", "onRamp", set({ source: { ...usSource, rail: "LOCAL" } }), "source.rail"],
  // destination: route
  ["destination currency unsupported", "crypto", withDest({ currency: "JPY" }), "destination.currency"],
  ["destination currency missing", "crypto", withoutDest("currency"), "destination.currency"],
  [
    "destination EURC on TRON",
    "crypto",
    withDest({ currency: "EURC", rail: "TRON", wallet_address: VALID.tron }),
    "destination.rail",
  ],
  ["destination USDC on ACH", "crypto", withDest({ rail: "ACH" }), "destination.rail"],
  ["destination USD over LOCAL", "aba", withDest({ rail: "LOCAL" }), "destination.rail"],
  ["destination EUR over ACH", "ibanEur", withDest({ rail: "ACH" }), "destination.rail"],
  ["is_third_party not boolean", "crypto", withDest({ is_third_party: "yes" }), "destination.is_third_party"],
  // crypto destination
  ["wallet missing", "crypto", withoutDest("wallet_address"), "destination.wallet_address"],
  ["wallet of another chain", "crypto", withDest({ wallet_address: VALID.evm }), "destination.wallet_address"],
  [
    "EVM wallet bad checksum",
    "evm",
    withDest({ wallet_address: VALID.evm.slice(0, -1) + "D" }),
    "destination.wallet_address",
  ],
  [
    "TRON wallet bad checksum",
    "onRamp",
    withDest({ wallet_address: VALID.tron.slice(0, -1) + "u" }),
    "destination.wallet_address",
  ],
  // ABA
  ["ABA bank_name missing", "aba", withoutDest("bank_name"), "destination.bank_name"],
  ["ABA account_number missing", "aba", withoutDest("account_number"), "destination.account_number"],
  ["ABA account_number not digits", "aba", withDest({ account_number: "12ab5678" }), "destination.account_number"],
  ["ABA routing missing", "aba", withoutDest("routing_number"), "destination.routing_number"],
  ["ABA routing checksum", "aba", withDest({ routing_number: "011000016" }), "destination.routing_number"],
  ["ABA routing length", "aba", withDest({ routing_number: "01100001" }), "destination.routing_number"],
  ["ABA account_type missing", "aba", withoutDest("account_type"), "destination.account_type"],
  ["ABA account_type unknown", "aba", withDest({ account_type: "BROKERAGE" }), "destination.account_type"],
  // IBAN
  ["IBAN missing", "ibanEur", withoutDest("iban"), "destination.iban"],
  ["IBAN checksum", "ibanEur", withDest({ iban: "DE89370400440532013001" }), "destination.iban"],
  ["IBAN country length", "ibanEur", withDest({ iban: "DE8937040044053201300" }), "destination.iban"],
  [
    "IBAN country outside SEPA does not take EUR",
    "ibanEur",
    withDest({ iban: "TR330006100519786457841326" }),
    "destination.iban",
  ],
  ["IBAN country does not take GBP", "ibanGbp", withDest({ iban: VALID.ibanDE }), "destination.iban"],
  ["BIC malformed", "ibanEur", withDest({ bic: "COBADE" }), "destination.bic"],
  ["GBP sort_code missing", "ibanGbp", withoutDest("sort_code"), "destination.sort_code"],
  ["GBP sort_code with dashes", "ibanGbp", withDest({ sort_code: "12-34-56" }), "destination.sort_code"],
  ["GBP sort_code not the IBAN's", "ibanGbp", withDest({ sort_code: "654321" }), "destination.sort_code"],
  // CLABE
  ["CLABE missing", "clabe", withoutDest("clabe"), "destination.clabe"],
  ["CLABE check digit", "clabe", withDest({ clabe: "032180000118359718" }), "destination.clabe"],
  ["CLABE length", "clabe", withDest({ clabe: "03218000011835971" }), "destination.clabe"],
  // NGN
  ["NGN account missing", "ngn", withoutDest("account_number"), "destination.account_number"],
  ["NGN account 9 digits", "ngn", withDest({ account_number: "000001457" }), "destination.account_number"],
  ["NGN check digit", "ngn", withDest({ account_number: "0000014578" }), "destination.account_number"],
  ["NGN account of another bank", "ngn", withDest({ bank_code: "058" }), "destination.account_number"],
  ["NGN bank_code missing", "ngn", withoutDest("bank_code"), "destination.bank_code"],
  ["NGN bank_code 5 digits", "ngn", withDest({ bank_code: "50211" }), "destination.bank_code"],
  // beneficiary
  ["fiat without beneficiary", "aba", withoutDest("beneficiary"), "destination.beneficiary"],
  [
    "beneficiary type unknown",
    "aba",
    withDest({ beneficiary: { type: "ROBOT", address: { country_code: "US" } } }),
    "destination.beneficiary.type",
  ],
  [
    "individual without first_name",
    "aba",
    withDest({ beneficiary: { type: "INDIVIDUAL", last_name: "L", address: { country_code: "US" } } }),
    "destination.beneficiary.first_name",
  ],
  [
    "individual without last_name",
    "aba",
    withDest({ beneficiary: { type: "INDIVIDUAL", first_name: "F", address: { country_code: "US" } } }),
    "destination.beneficiary.last_name",
  ],
  [
    "business without business_name",
    "ibanGbp",
    withDest({ beneficiary: { type: "BUSINESS", address: { country_code: "GB" } } }),
    "destination.beneficiary.business_name",
  ],
  [
    "beneficiary without address",
    "aba",
    withDest({ beneficiary: { type: "INDIVIDUAL", first_name: "F", last_name: "L" } }),
    "destination.beneficiary.address",
  ],
  [
    "beneficiary country_code missing",
    "clabe",
    withDest({ beneficiary: { type: "INDIVIDUAL", first_name: "F", last_name: "L", address: {} } }),
    "destination.beneficiary.address.country_code",
  ],
  [
    "beneficiary country_code not alpha-2",
    "clabe",
    withDest({
      beneficiary: { type: "INDIVIDUAL", first_name: "F", last_name: "L", address: { country_code: "MEX" } },
    }),
    "destination.beneficiary.address.country_code",
  ],
  [
    "beneficiary email malformed",
    "aba",
    withDest({
      beneficiary: {
        type: "INDIVIDUAL",
        first_name: "F",
        last_name: "L",
        email: "nope",
        address: { country_code: "US" },
      },
    }),
    "destination.beneficiary.email",
  ],
];

describe("settlement request create: each rule names its field", () => {
  it.each(CASES)("%s → %s", (_name, base, change, path) => {
    const r = settlementRequestCreateSchema.safeParse(change(VALID_BODIES[base]));
    expect(r.success).toBe(false);
    const paths = (r.error?.issues ?? []).map((i) => issuePath(i.path));
    expect(paths).toContain(path);
  });

  it("never throws on hostile input", () => {
    for (const input of [
      null,
      42,
      "x",
      [],
      { destination: null },
      { destination: [] },
      { type: "FIAT_TO_FIAT", destination: { currency: "USD" } },
    ]) {
      expect(() => settlementRequestCreateSchema.safeParse(input)).not.toThrow();
    }
  });
});

describe("checkReconciliationOverride", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it.each([
    ["2026-11-22T12:00:00Z", null],
    ["2026-12-21T12:00:00Z", null],
    ["2026-12-21T12:00:01Z", "30 days"],
    ["2026-11-21T12:00:00Z", "future"],
    ["2026-11-20T00:00:00Z", "future"],
    ["garbage", "ISO 8601"],
  ])("%s → %s", (value, expected) => {
    const r = checkReconciliationOverride(value, now);
    if (expected === null) expect(r).toBeNull();
    else expect(r).toContain(expected);
  });
});

describe("isTransactionIdRemoved", () => {
  it("is false before 2026-05-25 and true from it", () => {
    expect(isTransactionIdRemoved(new Date("2026-05-24T23:59:59Z"))).toBe(false);
    expect(isTransactionIdRemoved(new Date("2026-05-25T00:00:00Z"))).toBe(true);
  });
});

describe("settlement request update (PUT)", () => {
  it.each([
    ["FUNDS_SENT", "FUNDS_SENT"],
    ["PROCESSING", "FUNDS_SENT"],
    ["COMPLETED", "REQUEST_COMPLETED"],
    ["CANCELED", "REQUEST_CANCELED"],
    ["PAYIN_AMOUNT_MISMATCH", "PAYIN_AMOUNT_MISMATCH"],
  ])("status %s → %s", (status, canonical) => {
    expect(settlementRequestUpdateSchema.parse({ status, txHash: "0xabc" }).status).toBe(canonical);
  });

  it.each([
    [{}, "status"],
    [{ status: "SETTLEMENT_SENT" }, "status"],
    [{ status: "FUNDS_SENT", external_id: "" }, "external_id"],
    [{ status: "FUNDS_SENT", external_id: "x".repeat(256) }, "external_id"],
    [{ status: "FUNDS_SENT", txHash: "has space" }, "txHash"],
    [{ status: "FUNDS_SENT", transaction_id: 1 }, "transaction_id"],
  ])("%j fails at %s", (body, path) => {
    const r = settlementRequestUpdateSchema.safeParse(body);
    expect(r.error?.issues.map((i) => issuePath(i.path))).toContain(path);
  });
});
