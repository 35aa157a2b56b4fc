import { describe, expect, it } from "vitest";

import { Dec } from "@/lib/money/decimal";

import { FixedRateSource, defaultRateSource } from "./fixed-rates";
import {
  QuoteAmountError,
  QuoteError,
  QuoteRouteError,
  minimumSourceAmount,
  quote,
  toPaymentInstructionsFee,
  toPaymentInstructionsQuote,
  toRateResponse,
  type QuoteInput,
} from "./quote";
import type { RateSource } from "./rate-source";

type Leg = [currency: string, rail: string];
const USDC: Leg = ["USDC", "SOLANA"];
const USDT: Leg = ["USDT", "TRON"];
const USD: Leg = ["USD", "ACH"];
const EUR: Leg = ["EUR", "LOCAL"];
const GBP: Leg = ["GBP", "LOCAL"];
const NGN: Leg = ["NGN", "LOCAL"];
const USDC_BASE: Leg = ["USDC", "BASE"];
const USDC_POLYGON: Leg = ["USDC", "POLYGON"];

function input(src: Leg, dst: Leg, amounts: Pick<QuoteInput, "sourceAmount" | "destinationAmount">): QuoteInput {
  return {
    sourceCurrency: src[0],
    sourceRail: src[1],
    destinationCurrency: dst[0],
    destinationRail: dst[1],
    ...amounts,
  };
}

interface Row {
  name: string;
  src: Leg;
  dst: Leg;
  given: Pick<QuoteInput, "sourceAmount" | "destinationAmount">;
  // source, fee, destination, mid, inverted, effective
  expected: [string, string, string, string, string, string];
}

const rows: Row[] = [
  {
    name: "USDC → EUR off-ramp, 1.00 + 0.4%",
    src: USDC,
    dst: EUR,
    given: { sourceAmount: "1000" },
    expected: ["1000", "5", "855.7", "0.86", "1.16279069767", "0.8557"],
  },
  {
    name: "USD → USDC on-ramp, 1.00 + 0.5%",
    src: USD,
    dst: USDC_BASE,
    given: { sourceAmount: "250.00" },
    expected: ["250", "2.25", "247.75", "1", "1", "0.991"],
  },
  {
    name: "USD → USDC, fee 1.015 rounds half up to 1.02",
    src: USD,
    dst: USDC_BASE,
    given: { sourceAmount: "3.00" },
    expected: ["3", "1.02", "1.98", "1", "1", "0.66"],
  },
  {
    name: "USDC → USDT, 0.1%, fee 1.234567891 rounds to 1.234568",
    src: USDC,
    dst: USDT,
    given: { sourceAmount: "1234.567891" },
    expected: ["1234.567891", "1.234568", "1233.333323", "1", "1", "0.998999999912"],
  },
  {
    name: "EUR → GBP, cross rate through USD, D 434.563953… rounds down",
    src: EUR,
    dst: GBP,
    given: { sourceAmount: "500" },
    expected: ["500", "5", "434.56", "0.877906976744", "1.13907284768", "0.86912"],
  },
  {
    name: "USDC → NGN, 1.00 + 0.8%",
    src: USDC,
    dst: NGN,
    given: { sourceAmount: "100" },
    expected: ["100", "1.8", "144845", "1475", "0.000677966101695", "1448.45"],
  },
  {
    name: "NGN → USDC, 1500.00 + 0.75%",
    src: NGN,
    dst: USDC_POLYGON,
    given: { sourceAmount: "1000000.00" },
    expected: ["1000000", "9000", "671.864406", "0.000677966101695", "1475", "0.000671864406"],
  },
  {
    name: "canonical 8-decimal input of a USD amount",
    src: USD,
    dst: USDC_BASE,
    given: { sourceAmount: "250.00000000" },
    expected: ["250", "2.25", "247.75", "1", "1", "0.991"],
  },
  {
    name: "destination given: USDC → EUR 855.70 needs exactly 1000 (999.999999 gives 855.69)",
    src: USDC,
    dst: EUR,
    given: { destinationAmount: "855.70" },
    expected: ["1000", "5", "855.7", "0.86", "1.16279069767", "0.8557"],
  },
  {
    name: "destination given: USDC → NGN 144845.00 needs 100",
    src: USDC,
    dst: NGN,
    given: { destinationAmount: "144845.00" },
    expected: ["100", "1.8", "144845", "1475", "0.000677966101695", "1448.45"],
  },
  {
    name: "destination given: USD → USDC 100.123456 needs 101.64 and delivers 100.13 (cents buy 10^4 units)",
    src: USD,
    dst: USDC_BASE,
    given: { destinationAmount: "100.123456" },
    expected: ["101.64", "1.51", "100.13", "1", "1", "0.985143644235"],
  },
  {
    name: "destination given: EUR → GBP 434.56 needs 500.00",
    src: EUR,
    dst: GBP,
    given: { destinationAmount: "434.56" },
    expected: ["500", "5", "434.56", "0.877906976744", "1.13907284768", "0.86912"],
  },
  {
    name: "destination given: USDC → USDT 1000 needs 1001.001001 (1001.001000 nets 999.999999)",
    src: USDC,
    dst: USDT,
    given: { destinationAmount: "1000" },
    expected: ["1001.001001", "1.001001", "1000", "1", "1", "0.999000000001"],
  },
];

describe("quote: pinned results", () => {
  it.each(rows)("$name", ({ src, dst, given, expected }) => {
    const q = quote(input(src, dst, given), defaultRateSource);
    const [s, fee, d, mid, inverted, effective] = expected;
    expect(q.sourceAmount.toString()).toBe(s);
    expect(q.fee.total.toString()).toBe(fee);
    expect(q.destinationAmount.toString()).toBe(d);
    expect(q.midMarketRate.toString()).toBe(mid);
    expect(q.invertedMidMarketRate.toString()).toBe(inverted);
    expect(q.effectiveRate.toString()).toBe(effective);
    expect(q.fee.currency).toBe(src[0]);
    expect(q.given).toBe(given.sourceAmount === undefined ? "destination" : "source");
    if (given.destinationAmount !== undefined) {
      expect(q.requestedDestinationAmount?.eq(given.destinationAmount)).toBe(true);
      expect(q.destinationAmount.gte(given.destinationAmount)).toBe(true);
    } else {
      expect(q.requestedDestinationAmount).toBeNull();
    }
  });
});

describe("quote: wire mappers", () => {
  const q = quote(input(USDC, EUR, { sourceAmount: "1000" }), defaultRateSource);

  it("maps to the Rate response with JSON numbers", () => {
    expect(toRateResponse(q)).toEqual({
      source_currency: "USDC",
      destination_currency: "EUR",
      mid_market_rate: 0.86,
      inverted_mid_market_rate: 1.16279069767,
      effective_rate: 0.8557,
      source_amount: 1000,
      destination_amount: 855.7,
      fee: { total: 5, currency: "USDC" },
    });
    expect(JSON.stringify(toRateResponse(q))).toBe(
      '{"source_currency":"USDC","destination_currency":"EUR","mid_market_rate":0.86,' +
        '"inverted_mid_market_rate":1.16279069767,"effective_rate":0.8557,"source_amount":1000,' +
        '"destination_amount":855.7,"fee":{"total":5,"currency":"USDC"}}',
    );
  });

  it("maps to payment_instructions with canonical amounts and a numeric fee", () => {
    expect(toPaymentInstructionsQuote(q)).toEqual({
      currency: "USDC",
      amount: "1000.00000000",
      destination_currency: "EUR",
      destination_amount: "855.70000000",
      exchange_rate: "0.86",
      fee: { fixed: 1, variable: 0.004, total: 5 },
    });
    const ngn = quote(input(NGN, USDC_POLYGON, { sourceAmount: "1000000" }), defaultRateSource);
    expect(toPaymentInstructionsFee(ngn)).toEqual({ fixed: 1500, variable: 0.0075, total: 9000 });
    expect(toPaymentInstructionsQuote(ngn).exchange_rate).toBe("0.000677966101695");
  });
});

describe("quote: amounts a client can get wrong", () => {
  function error(i: QuoteInput): QuoteError {
    try {
      quote(i, defaultRateSource);
    } catch (e) {
      if (e instanceof QuoteError) return e;
      throw e;
    }
    throw new Error("expected a QuoteError");
  }

  it("rejects S ≤ fee, naming the amount and the smallest amount that works", () => {
    const e = error(input(USD, USDC_BASE, { sourceAmount: "1.00" }));
    expect(e).toBeInstanceOf(QuoteAmountError);
    expect(e).toMatchObject({
      reason: "does_not_cover_fee",
      field: "sourceAmount",
      minimumSourceAmount: "1.02",
      code: "validation_error",
    });
    expect(e.message).toBe("sourceAmount 1.00 USD does not cover the fee of 1.01 USD; the smallest amount is 1.02 USD");
    // 1.01 still only covers the fee (1.00505 → 1.01); 1.02 delivers one cent
    expect(error(input(USD, USDC_BASE, { sourceAmount: "1.01" }))).toMatchObject({ reason: "does_not_cover_fee" });
    expect(quote(input(USD, USDC_BASE, { sourceAmount: "1.02" }), defaultRateSource).destinationAmount.toString()).toBe(
      "0.01",
    );
  });

  it("rejects S above the fee that still delivers nothing", () => {
    const e = error(input(NGN, EUR, { sourceAmount: "3018.12" }));
    expect(e).toMatchObject({ reason: "nothing_delivered", field: "sourceAmount", minimumSourceAmount: "3035.37" });
    expect(quote(input(NGN, EUR, { sourceAmount: "3035.37" }), defaultRateSource).destinationAmount.toString()).toBe(
      "0.01",
    );
    expect(error(input(NGN, EUR, { sourceAmount: "3035.36" }))).toMatchObject({ reason: "nothing_delivered" });
  });

  it("uses the caller's wire names", () => {
    const e = error({ ...input(USD, USDC_BASE, { sourceAmount: "0.5" }), fields: { sourceAmount: "amount" } });
    expect(e.field).toBe("amount");
    expect(e.message).toMatch(/^amount 0.50 USD does not cover/);
    const d = error({
      ...input(USDC, EUR, { destinationAmount: "1.000000001" }),
      fields: { destinationAmount: "destination.amount" },
    });
    expect(d).toMatchObject({ reason: "too_many_decimals", field: "destination.amount" });
  });

  it.each([
    [{}, "exactly_one_amount", "sourceAmount"],
    [{ sourceAmount: "1", destinationAmount: "1" }, "exactly_one_amount", "sourceAmount"],
    [{ sourceAmount: "abc" }, "not_a_decimal", "sourceAmount"],
    [{ sourceAmount: "1e3" }, "not_a_decimal", "sourceAmount"],
    [{ sourceAmount: "0" }, "not_positive", "sourceAmount"],
    [{ sourceAmount: "-10" }, "not_positive", "sourceAmount"],
    [{ destinationAmount: "0.00" }, "not_positive", "destinationAmount"],
    [{ sourceAmount: "10.000000001" }, "too_many_decimals", "sourceAmount"],
    [{ destinationAmount: "10.000000001" }, "too_many_decimals", "destinationAmount"],
    [{ sourceAmount: "1000000000000000" }, "too_large", "sourceAmount"],
  ] as const)("%j → %s on %s", (amounts, reason, field) => {
    expect(error(input(USD, USDC_BASE, amounts))).toMatchObject({ reason, field });
  });
});

describe("quote: routes", () => {
  it.each([
    [["EURC", "TRON"], EUR, "unsupported_source", "sourceRail"],
    [["USDC", "ACH"], EUR, "unsupported_source", "sourceRail"],
    [["JPY", "LOCAL"], EUR, "unsupported_source", "sourceCurrencyCode"],
    [USDC, ["JPY", "LOCAL"], "unsupported_destination", "destinationCurrencyCode"],
    [USDC, ["USD", "LOCAL"], "unsupported_destination", "destinationRail"],
  ] as const)("%j → %j: %s naming %s", (src, dst, reason, field) => {
    expect(() => quote(input([...src], [...dst], { sourceAmount: "100" }), defaultRateSource)).toThrow(
      expect.objectContaining({ reason, field, code: "validation_error" }),
    );
  });

  it("names the route when the rate source has no rate", () => {
    const partial = new FixedRateSource({ USD: "1", USDC: "1" });
    expect(() => quote(input(USDC, EUR, { sourceAmount: "100" }), partial)).toThrow(QuoteRouteError);
    expect(() => quote(input(USDC, EUR, { sourceAmount: "100" }), partial)).toThrow("no rate from USDC to EUR");
  });

  it("computes with the rate it reports (12 significant digits)", () => {
    const long: RateSource = { midMarketRate: () => new Dec(2).dividedBy(3) };
    const free = [{ type: "STABLECOIN_TO_STABLECOIN", fixed: "0", variable: "0", note: "" }] as const;
    const q = quote(input(USDC, USDT, { sourceAmount: "3000000" }), long, { fees: free });
    expect(q.midMarketRate.toString()).toBe("0.666666666667");
    // 3000000 × 0.666666666667; the unrounded 2/3 would give 2000000
    expect(q.destinationAmount.toString()).toBe("2000000.000001");
    expect(toRateResponse(q).mid_market_rate).toBe(0.666666666667);
  });

  it("treats a broken rate source as a defect, not a client error", () => {
    const broken: RateSource = { midMarketRate: () => new Dec(0) };
    expect(() => quote(input(USDC, USDT, { sourceAmount: "1" }), broken)).toThrow(/rate source returned 0/);
    expect(() => quote(input(USDC, USDT, { sourceAmount: "1" }), broken)).not.toThrow(QuoteError);
  });

  it("gives the smallest amount of a route", () => {
    const route = { sourceCurrency: "USD", sourceRail: "ACH", destinationCurrency: "USDC", destinationRail: "BASE" };
    expect(minimumSourceAmount(route, defaultRateSource).toString()).toBe("1.02");
  });
});
