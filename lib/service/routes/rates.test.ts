import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Dec, precisionOf } from "@/lib/money/decimal";
import { supportedRoutes } from "../quotes/route";
import { feeFor } from "../quotes/fees";
import { defaultRateSource } from "../quotes/fixed-rates";
import { withTestService } from "../testing/with-test-service";
import { call, expectFieldError, type Json } from "../testing/http";

const s = withTestService();

const rates = (q: Record<string, string>) => call(s, "GET", `/v0/rates?${new URLSearchParams(q).toString()}`);
const base = {
  sourceCurrencyCode: "USDC",
  sourceRail: "SOLANA",
  destinationCurrencyCode: "USD",
  destinationRail: "ACH",
  destinationCountryCode: "US",
};

describe("GET /v0/rates", () => {
  it("prices an off-ramp from a source amount (numbers on the wire)", async () => {
    const res = await rates({ ...base, sourceAmount: "1000" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      source_currency: "USDC",
      destination_currency: "USD",
      mid_market_rate: 1,
      inverted_mid_market_rate: 1,
      effective_rate: 0.995,
      source_amount: 1000,
      destination_amount: 995,
      fee: { total: 5, currency: "USDC" },
    });
  });

  it("solves the source amount from a destination amount", async () => {
    const res = await rates({ ...base, destinationAmount: "1000" });
    expect(res.body).toMatchObject({ source_amount: 1005.02008, destination_amount: 1000 });
  });

  const bad: Array<[string, Record<string, string | undefined>, string]> = [
    ["sourceCurrencyCode missing", { sourceCurrencyCode: undefined }, "sourceCurrencyCode"],
    ["sourceCurrencyCode unknown", { sourceCurrencyCode: "DOGE" }, "sourceCurrencyCode"],
    ["sourceRail missing", { sourceRail: undefined }, "sourceRail"],
    ["sourceRail not a chain of USDC", { sourceRail: "ACH" }, "sourceRail"],
    ["destinationCurrencyCode missing", { destinationCurrencyCode: undefined }, "destinationCurrencyCode"],
    ["destinationRail missing", { destinationRail: undefined }, "destinationRail"],
    ["destinationRail wrong for USD", { destinationRail: "LOCAL" }, "destinationRail"],
    ["destinationCountryCode missing for fiat", { destinationCountryCode: undefined }, "destinationCountryCode"],
    ["destinationCountryCode wrong for USD", { destinationCountryCode: "MX" }, "destinationCountryCode"],
    ["destinationCountryCode malformed", { destinationCountryCode: "usa" }, "destinationCountryCode"],
    [
      "sourceCountryCode missing for a fiat source",
      { sourceCurrencyCode: "EUR", sourceRail: "LOCAL" },
      "sourceCountryCode",
    ],
    ["neither amount", { sourceAmount: undefined }, "sourceAmount"],
    ["both amounts", { destinationAmount: "5" }, "sourceAmount"],
    ["sourceAmount not a number", { sourceAmount: "abc" }, "sourceAmount"],
    ["sourceAmount zero", { sourceAmount: "0" }, "sourceAmount"],
    ["sourceAmount negative", { sourceAmount: "-3" }, "sourceAmount"],
    ["sourceAmount with 9 decimals", { sourceAmount: "1.123456789" }, "sourceAmount"],
    ["sourceAmount below the fee", { sourceAmount: "0.5" }, "sourceAmount"],
    [
      "destinationAmount with 9 decimals",
      { sourceAmount: undefined, destinationAmount: "1.000000001" },
      "destinationAmount",
    ],
  ];
  it.each(bad)("%s → 400 naming it", async (_n, change, path) => {
    const q: Record<string, string> = { ...base, sourceAmount: "100" };
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete q[k];
      else q[k] = v;
    }
    expectFieldError(await rates(q), path);
  });

  it("needs a key", async () => {
    expect((await call(s, "GET", "/v0/rates?sourceAmount=1", undefined, { key: null })).status).toBe(401);
  });
});

/** decisions D4 recomputed independently in decimal.js. */
function expected(src: string, dst: string, S: Dec) {
  const fee = feeFor(src, dst);
  const mid = defaultRateSource.midMarketRate(src, dst);
  if (!mid) throw new Error("no rate");
  const total = fee.fixed.plus(S.times(fee.variable)).toDecimalPlaces(precisionOf(src), Dec.ROUND_HALF_UP);
  const D = S.minus(total).times(mid).toDecimalPlaces(precisionOf(dst), Dec.ROUND_DOWN);
  return { fee: total, D };
}

const routes = supportedRoutes();
const country: Record<string, string> = { USD: "US", EUR: "DE", GBP: "GB", MXN: "MX", NGN: "NG", CAD: "CA" };
function legQuery(i: number): Record<string, string> {
  const r = routes[i];
  const q: Record<string, string> = {
    sourceCurrencyCode: r.source.currency,
    sourceRail: r.source.rail,
    destinationCurrencyCode: r.destination.currency,
    destinationRail: r.destination.rail,
  };
  if (country[r.source.currency]) q.sourceCountryCode = country[r.source.currency];
  if (country[r.destination.currency]) q.destinationCountryCode = country[r.destination.currency];
  return q;
}

describe("quote properties through the route", () => {
  it("destination_amount equals the decisions D4 formula for random amounts on every route", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        async (i, units) => {
          const r = routes[i];
          const S = new Dec(units.toString()).dividedBy(new Dec(10).pow(precisionOf(r.source.currency)));
          const { fee, D } = expected(r.source.currency, r.destination.currency, S);
          const res = await rates({ ...legQuery(i), sourceAmount: S.toFixed() });
          if (S.lte(fee) || D.isZero()) {
            expectFieldError(res, "sourceAmount");
            return;
          }
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body.destination_amount).toBe(D.toNumber());
          expect((res.body.fee as Json).total).toBe(fee.toNumber());
          expect(res.body.source_amount).toBe(S.toNumber());
        },
      ),
      { numRuns: 150 },
    );
  });

  it("given destinationAmount, source_amount is the smallest that reaches it", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }),
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        async (i, units) => {
          const r = routes[i];
          const unitS = new Dec(1).dividedBy(new Dec(10).pow(precisionOf(r.source.currency)));
          const target = new Dec(units.toString()).dividedBy(new Dec(10).pow(precisionOf(r.destination.currency)));
          const res = await rates({ ...legQuery(i), destinationAmount: target.toFixed() });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const S = new Dec(String(res.body.source_amount));
          const at = expected(r.source.currency, r.destination.currency, S);
          expect(at.D.gte(target)).toBe(true);
          expect(res.body.destination_amount).toBe(at.D.toNumber());
          const below = expected(r.source.currency, r.destination.currency, S.minus(unitS));
          expect(S.minus(unitS).lte(0) || below.D.lt(target)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
