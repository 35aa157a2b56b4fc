/**
 * Properties of the quote engine over every supported route, against an oracle written in
 * bigint integer arithmetic (no decimal.js), so the engine is checked by an independent
 * computation of decisions D4 rather than by itself.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { precisionOf } from "@/lib/money/decimal";

import { feeFor } from "./fees";
import { FIXED_USD_RATES, defaultRateSource } from "./fixed-rates";
import { QuoteAmountError, quote, toRateResponse, type Quote } from "./quote";
import { supportedRoutes, type QuoteRoute } from "./route";

const routes = supportedRoutes();
const RUNS_PER_ROUTE = 40;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** "0.0075" → { n: 75n, scale: 4 } */
function scaled(s: string): { n: bigint; scale: number } {
  const [int = "0", frac = ""] = s.split(".");
  return { n: BigInt(int + frac), scale: frac.length };
}

/** units (integer count of 10^-scale) → decimal string, trailing zeros trimmed */
function unitsToString(units: bigint, scale: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, "0");
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, "");
  return `${neg ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

/** a / b rounded half up to 12 significant digits, as { n, scale } (a, b > 0). */
function rational12(a: bigint, b: bigint): { n: bigint; scale: number } {
  let k = 0;
  while ((a * pow10(Math.max(k, 0))) / (k < 0 ? b * pow10(-k) : b) >= 10n ** 12n) k--;
  while ((k < 0 ? a / pow10(-k) : a * pow10(k)) / b < 10n ** 11n) k++;
  const num = k >= 0 ? a * pow10(k) : a;
  const den = k >= 0 ? b : b * pow10(-k);
  let q = num / den;
  if (2n * (num % den) >= den) q += 1n;
  return k >= 0 ? { n: q, scale: k } : { n: q * pow10(-k), scale: 0 };
}

interface Oracle {
  ps: number;
  pd: number;
  mid: { n: bigint; scale: number };
  fixedUnits: bigint;
  variable: { n: bigint; scale: number };
}

function oracleFor(r: QuoteRoute): Oracle {
  const ps = precisionOf(r.source.currency);
  const pd = precisionOf(r.destination.currency);
  const from = scaled(FIXED_USD_RATES[r.source.currency] ?? "");
  const to = scaled(FIXED_USD_RATES[r.destination.currency] ?? "");
  // to/from with both scales: (to.n / 10^to.scale) / (from.n / 10^from.scale)
  const mid = rational12(to.n * pow10(from.scale), from.n * pow10(to.scale));
  const fee = feeFor(r.source.currency, r.destination.currency);
  const fixed = scaled(fee.fixed.toFixed());
  return { ps, pd, mid, fixedUnits: fixed.n * pow10(ps - fixed.scale), variable: scaled(fee.variable.toFixed()) };
}

/** fee = round_half_up(fixed + S × variable), D = round_down((S − fee) × mid), in units. */
function oracle(o: Oracle, s: bigint): { fee: bigint; d: bigint } {
  const vScale = pow10(o.variable.scale);
  const n = o.fixedUnits * vScale + s * o.variable.n;
  let fee = n / vScale;
  if (2n * (n % vScale) >= vScale) fee += 1n;
  const net = s - fee;
  const d = net <= 0n ? 0n : (net * o.mid.n * pow10(o.pd)) / pow10(o.ps + o.mid.scale);
  return { fee, d };
}

function amounts(precision: number): fc.Arbitrary<bigint> {
  return fc.oneof(
    fc.bigInt({ min: 1n, max: pow10(precision + 4) }),
    fc.bigInt({ min: 1n, max: pow10(precision + 8) }),
    fc.bigInt({ min: 1n, max: pow10(15 + precision) - 1n }),
  );
}

function legs(r: QuoteRoute) {
  return {
    sourceCurrency: r.source.currency,
    sourceRail: r.source.rail,
    destinationCurrency: r.destination.currency,
    destinationRail: r.destination.rail,
  };
}

function expectRoundTrip(n: number, exact: string): void {
  expect(Number(exact)).toBe(n);
}

function checkWire(q: Quote): void {
  const wire = toRateResponse(q);
  expectRoundTrip(wire.mid_market_rate, q.midMarketRate.toFixed());
  expectRoundTrip(wire.inverted_mid_market_rate, q.invertedMidMarketRate.toFixed());
  expectRoundTrip(wire.effective_rate, q.effectiveRate.toFixed());
  expect(q.midMarketRate.precision()).toBeLessThanOrEqual(12);
  expect(q.invertedMidMarketRate.precision()).toBeLessThanOrEqual(12);
  expect(q.effectiveRate.precision()).toBeLessThanOrEqual(12);
}

describe("quote properties over every supported route", () => {
  it(`enumerates the catalog (${routes.length} routes, all four types)`, () => {
    expect(routes.length).toBe(441);
    expect(new Set(routes.map((r) => r.type)).size).toBe(4);
  });

  it("the mid-market rate is the USD-table cross rate to 12 significant digits", () => {
    for (const r of routes) {
      const o = oracleFor(r);
      expect(defaultRateSource.midMarketRate(r.source.currency, r.destination.currency)?.toFixed()).toBe(
        unitsToString(o.mid.n, o.mid.scale),
      );
    }
  });

  it("source given: fee and destination_amount equal the formula, or the amount is refused for the right reason", () => {
    for (const r of routes) {
      const o = oracleFor(r);
      fc.assert(
        fc.property(amounts(o.ps), (s) => {
          const want = oracle(o, s);
          const sourceAmount = unitsToString(s, o.ps);
          let q: Quote;
          try {
            q = quote({ ...legs(r), sourceAmount }, defaultRateSource);
          } catch (e) {
            if (!(e instanceof QuoteAmountError)) throw e;
            expect(e.reason).toBe(want.fee >= s ? "does_not_cover_fee" : "nothing_delivered");
            expect(want.d).toBe(0n);
            // the minimum it names delivers one unit, and one unit less does not
            const min = scaled(e.minimumSourceAmount ?? "").n * pow10(o.ps - scaled(e.minimumSourceAmount ?? "").scale);
            expect(min).toBeGreaterThan(s);
            expect(oracle(o, min).d).toBeGreaterThanOrEqual(1n);
            expect(oracle(o, min - 1n).d).toBe(0n);
            return;
          }
          expect(want.d).toBeGreaterThan(0n);
          expect(q.sourceAmount.toFixed()).toBe(unitsToString(s, o.ps));
          expect(q.fee.total.toFixed()).toBe(unitsToString(want.fee, o.ps));
          expect(q.destinationAmount.toFixed()).toBe(unitsToString(want.d, o.pd));
          expect(q.effectiveRate.eq(q.destinationAmount.dividedBy(q.sourceAmount).toSignificantDigits(12))).toBe(true);
          checkWire(q);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });

  it("destination given: S is the least amount at source precision with D(S) ≥ the target", () => {
    for (const r of routes) {
      const o = oracleFor(r);
      fc.assert(
        fc.property(amounts(o.pd), (t) => {
          const q = quote({ ...legs(r), destinationAmount: unitsToString(t, o.pd) }, defaultRateSource);
          const s = scaled(q.sourceAmount.toFixed(o.ps)).n;
          const at = oracle(o, s);
          expect(at.d).toBeGreaterThanOrEqual(t);
          expect(oracle(o, s - 1n).d).toBeLessThan(t);
          expect(q.fee.total.toFixed()).toBe(unitsToString(at.fee, o.ps));
          expect(q.destinationAmount.toFixed()).toBe(unitsToString(at.d, o.pd));
          expect(q.requestedDestinationAmount?.toFixed()).toBe(unitsToString(t, o.pd));
          checkWire(q);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });

  it("asking for D(s) needs no more than s, and exactly s when one unit less delivers less", () => {
    for (const r of routes) {
      const o = oracleFor(r);
      fc.assert(
        fc.property(amounts(o.ps), (s) => {
          const { d } = oracle(o, s);
          fc.pre(d > 0n && d < pow10(15 + o.pd));
          const q = quote({ ...legs(r), destinationAmount: unitsToString(d, o.pd) }, defaultRateSource);
          const back = scaled(q.sourceAmount.toFixed(o.ps)).n;
          expect(back <= s).toBe(true);
          if (oracle(o, s - 1n).d < d) expect(back).toBe(s);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });

  it("destination_amount never falls when the source amount rises by one unit", () => {
    for (const r of routes) {
      const o = oracleFor(r);
      fc.assert(
        fc.property(amounts(o.ps), (s) => {
          expect(oracle(o, s + 1n).d >= oracle(o, s).d).toBe(true);
          expect(oracle(o, s + 1n).fee - oracle(o, s).fee <= 1n).toBe(true);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });
});
