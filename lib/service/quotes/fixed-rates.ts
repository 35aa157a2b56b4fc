import "server-only";

import { type Dec, roundSignificant, toDec } from "@/lib/money/decimal";

import type { RateSource } from "./rate-source";

/** Significant digits of every rate the quote engine uses and reports. */
export const RATE_SIGNIFICANT_DIGITS = 12;

/**
 * Units of each currency per 1 USD: the default table shipped with the app (indicative,
 * late 2026). Stablecoins sit 1:1 with their peg (USDC, USDT: USD; EURC: EUR). CAD is priced
 * for the rates endpoint's examples although no settlement route uses it yet (decisions D5).
 */
export const FIXED_USD_RATES: Readonly<Record<string, string>> = {
  USD: "1",
  USDC: "1",
  USDT: "1",
  EUR: "0.86",
  EURC: "0.86",
  GBP: "0.755",
  MXN: "18.45",
  NGN: "1475",
  CAD: "1.385",
};

/**
 * Mid-market rates from a table of units per 1 USD. A cross rate is derived through USD in
 * decimal (`perUsd[destination] / perUsd[source]`) and rounded half up to 12 significant
 * digits; a currency to itself, or to its peg, is exactly 1.
 */
export class FixedRateSource implements RateSource {
  private readonly perUsd: ReadonlyMap<string, Dec>;

  constructor(table: Readonly<Record<string, string>> = FIXED_USD_RATES) {
    const perUsd = new Map<string, Dec>();
    for (const [currency, value] of Object.entries(table)) {
      const d = toDec(value);
      if (!d.isPositive() || d.isZero()) throw new RangeError(`rate of ${currency} must be positive`);
      perUsd.set(currency, d);
    }
    this.perUsd = perUsd;
  }

  midMarketRate(source: string, destination: string): Dec | null {
    const from = this.perUsd.get(source);
    const to = this.perUsd.get(destination);
    if (!from || !to) return null;
    return roundSignificant(to.dividedBy(from), RATE_SIGNIFICANT_DIGITS);
  }
}

/** The rate source the service uses unless configured otherwise. */
export const defaultRateSource: RateSource = new FixedRateSource();
