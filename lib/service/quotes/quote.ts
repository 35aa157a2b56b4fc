import "server-only";

import {
  CANONICAL_DECIMALS,
  Dec,
  precisionOf,
  roundCeil,
  roundDown,
  roundHalfUp,
  roundSignificant,
  toDec,
  unitOf,
  type DecimalInput,
} from "@/lib/money/decimal";
import { RAILS, isFiat, isStablecoin, unsupportedLeg, type Currency, type Rail } from "@/lib/schemas/catalog";

import { QuoteAmountError, QuoteRouteError } from "./errors";
import { FEE_SCHEDULE, feeFor, type FeeRule } from "./fees";
import { RATE_SIGNIFICANT_DIGITS } from "./fixed-rates";
import type { RateSource } from "./rate-source";
import { settlementTypeOf, type QuoteRoute } from "./route";
import type { Quote } from "./types";

/**
 * The quote engine (decisions D4). Pure: no HTTP, no database.
 *
 * Given S (source amount, at source precision):
 *   fee = round_half_up(fixed + S × variable)          at source precision
 *   D   = round_down((S − fee) × mid)                  at destination precision
 * Given D instead, S is the smallest amount at source precision whose computed D is at least
 * the one asked; the quote then reports that S, its fee and its computed D (which can exceed
 * the one asked when one source unit buys more than one destination unit, e.g. USD → USDC).
 *
 * Rates: `mid` is the rate source's value rounded half up to 12 significant digits, and the
 * engine computes with exactly that value, so anyone can recompute D from the response.
 * `inverted_mid_market_rate = 1 / mid` and `effective_rate = D / S` are rounded half up to 12
 * significant digits (indicative; never used to compute an amount).
 *
 * Exactness: amounts are below 10^15 at their currency's precision, fee fractions and
 * rates to 12 significant digits, so every product above fits in Dec's 50 digits and the only
 * roundings are the two the formula names.
 *
 * Errors a client can cause are `QuoteError`s (routes answer 400 `validation_error` naming
 * `error.field`):
 *   - `QuoteRouteError`: a leg outside decisions D5, or a pair with no rate;
 *   - `QuoteAmountError`: neither or both amounts; not a decimal; not positive; more decimals than the
 *     currency's precision (2 for fiat, 6 for stablecoins: an amount must be payable); 10^15 or
 *     more; S ≤ fee (`does_not_cover_fee`); S above the fee but D rounding to 0
 *     (`nothing_delivered`). The last two carry `minimumSourceAmount`, the smallest S that
 *     delivers one destination unit.
 */

export * from "./errors";
export * from "./wire";
export type { Quote } from "./types";

/** Amounts must be below this (exclusive), in their own currency. */
export const MAX_QUOTE_AMOUNT = "1000000000000000";

export interface QuoteFieldNames {
  sourceAmount: string;
  destinationAmount: string;
  sourceCurrency: string;
  sourceRail: string;
  destinationCurrency: string;
  destinationRail: string;
}

/** The rates endpoint's query names; a route with other wire names passes its own. */
export const RATES_QUERY_FIELDS: QuoteFieldNames = {
  sourceAmount: "sourceAmount",
  destinationAmount: "destinationAmount",
  sourceCurrency: "sourceCurrencyCode",
  sourceRail: "sourceRail",
  destinationCurrency: "destinationCurrencyCode",
  destinationRail: "destinationRail",
};

export interface QuoteInput {
  sourceCurrency: string;
  sourceRail: string;
  destinationCurrency: string;
  destinationRail: string;
  /** Exactly one of the two amounts. */
  sourceAmount?: DecimalInput;
  destinationAmount?: DecimalInput;
  /** Wire names for error messages; default `RATES_QUERY_FIELDS`. */
  fields?: Partial<QuoteFieldNames>;
}

export interface QuoteOptions {
  fees?: readonly FeeRule[];
}

interface Pricing {
  sourceCurrency: Currency;
  destinationCurrency: Currency;
  sourcePrecision: number;
  destinationPrecision: number;
  fixed: Dec;
  variable: Dec;
  mid: Dec;
}

function feeOf(p: Pricing, s: Dec): Dec {
  return roundHalfUp(p.fixed.plus(s.times(p.variable)), p.sourcePrecision);
}

function destinationOf(p: Pricing, s: Dec): Dec {
  return roundDown(s.minus(feeOf(p, s)).times(p.mid), p.destinationPrecision);
}

/**
 * The smallest S at source precision with D(S) ≥ target (target > 0).
 *
 * Minimality: one source unit u more raises S·variable by u·variable < u, so the fee (a
 * multiple of u) rises by 0 or u and S − fee never falls; D is S − fee times a positive mid,
 * rounded down, so D is non-decreasing in S. Hence D(S − u) < target rules out every smaller
 * S, and the loops below stop exactly at the least S with D(S) ≥ target. The estimate solves
 * the unrounded equation S(1 − variable) − fixed = target / mid and is within a few units.
 */
function solveSource(p: Pricing, target: Dec): Dec {
  const u = new Dec(1).dividedBy(new Dec(10).pow(p.sourcePrecision));
  const needNet = target.dividedBy(p.mid);
  let s = roundCeil(needNet.plus(p.fixed).dividedBy(new Dec(1).minus(p.variable)), p.sourcePrecision);
  if (s.lt(u)) s = u;
  for (let i = 0; destinationOf(p, s).lt(target); i++) {
    if (i > 1000) throw new Error("quote solver did not converge upward");
    s = s.plus(u);
  }
  for (let i = 0; s.gt(u) && destinationOf(p, s.minus(u)).gte(target); i++) {
    if (i > 1000) throw new Error("quote solver did not converge downward");
    s = s.minus(u);
  }
  return s;
}

function fieldNames(input: QuoteInput): QuoteFieldNames {
  return { ...RATES_QUERY_FIELDS, ...input.fields };
}

function checkAmount(value: DecimalInput, _currency: Currency, field: string): Dec {
  let d: Dec;
  try {
    d = toDec(value);
  } catch {
    throw new QuoteAmountError("not_a_decimal", field, `${field} must be a decimal amount`);
  }
  if (!d.isPositive() || d.isZero()) {
    throw new QuoteAmountError("not_positive", field, `${field} must be greater than 0`);
  }
  // decisions D4: inputs may carry up to 8 decimals; the arithmetic rounds at the currency's precision.
  if (d.decimalPlaces() > CANONICAL_DECIMALS) {
    throw new QuoteAmountError("too_many_decimals", field, `${field} has more than ${CANONICAL_DECIMALS} decimals`);
  }
  if (d.gte(MAX_QUOTE_AMOUNT)) {
    throw new QuoteAmountError("too_large", field, `${field} must be less than ${MAX_QUOTE_AMOUNT}`);
  }
  return d;
}

function checkLeg(
  side: "source" | "destination",
  currency: string,
  rail: string,
  names: QuoteFieldNames,
): { currency: Currency; rail: Rail } {
  const why = unsupportedLeg(currency, rail);
  if (why !== null || !(isStablecoin(currency) || isFiat(currency)) || !isRail(rail)) {
    const known = isStablecoin(currency) || isFiat(currency);
    const field =
      side === "source"
        ? known
          ? names.sourceRail
          : names.sourceCurrency
        : known
          ? names.destinationRail
          : names.destinationCurrency;
    throw new QuoteRouteError(
      side === "source" ? "unsupported_source" : "unsupported_destination",
      field,
      `unsupported ${side} ${currency} on ${rail}: ${why ?? "not supported"}`,
    );
  }
  return { currency, rail };
}

function isRail(rail: string): rail is Rail {
  return (RAILS as readonly string[]).includes(rail);
}

function pricingFor(
  input: QuoteInput,
  rates: RateSource,
  options: QuoteOptions,
): { route: QuoteRoute; pricing: Pricing } {
  const names = fieldNames(input);
  const source = checkLeg("source", input.sourceCurrency, input.sourceRail, names);
  const destination = checkLeg("destination", input.destinationCurrency, input.destinationRail, names);
  const sourceCurrency = source.currency;
  const destinationCurrency = destination.currency;
  const type = settlementTypeOf(sourceCurrency, destinationCurrency);
  if (!type) throw new Error("unreachable: both legs are supported");
  const raw = rates.midMarketRate(sourceCurrency, destinationCurrency);
  if (raw === null) {
    throw new QuoteRouteError(
      "no_rate",
      names.destinationCurrency,
      `no rate from ${sourceCurrency} to ${destinationCurrency}`,
    );
  }
  const mid = roundSignificant(raw, RATE_SIGNIFICANT_DIGITS);
  if (!mid.isFinite() || mid.isZero() || mid.isNegative()) {
    throw new Error(`rate source returned ${raw.toString()} for ${sourceCurrency} → ${destinationCurrency}`);
  }
  const fee = feeFor(sourceCurrency, destinationCurrency, options.fees ?? FEE_SCHEDULE);
  return {
    route: { type, source, destination },
    pricing: {
      sourceCurrency,
      destinationCurrency,
      sourcePrecision: precisionOf(sourceCurrency),
      destinationPrecision: precisionOf(destinationCurrency),
      fixed: fee.fixed,
      variable: fee.variable,
      mid,
    },
  };
}

/** Prices a route for a source amount or a destination amount (exactly one). */
export function quote(input: QuoteInput, rates: RateSource, options: QuoteOptions = {}): Quote {
  const names = fieldNames(input);
  const hasSource = input.sourceAmount !== undefined;
  const hasDestination = input.destinationAmount !== undefined;
  if (hasSource === hasDestination) {
    throw new QuoteAmountError(
      "exactly_one_amount",
      names.sourceAmount,
      `pass exactly one of ${names.sourceAmount} and ${names.destinationAmount}`,
    );
  }
  const { route, pricing: p } = pricingFor(input, rates, options);
  let s: Dec;
  let requested: Dec | null = null;
  if (input.sourceAmount !== undefined) {
    s = checkAmount(input.sourceAmount, p.sourceCurrency, names.sourceAmount);
  } else if (input.destinationAmount !== undefined) {
    requested = checkAmount(input.destinationAmount, p.destinationCurrency, names.destinationAmount);
    // D is computed at destination precision, so "at least the amount asked" means at least its ceiling there.
    s = solveSource(p, roundCeil(requested, p.destinationPrecision));
  } else {
    throw new Error("unreachable: one amount is present");
  }
  const fee = feeOf(p, s);
  const d = destinationOf(p, s);
  if (s.lte(fee) || d.isZero()) {
    const minimum = solveSource(p, unitOf(p.destinationCurrency));
    const min = `${minimum.toFixed(p.sourcePrecision)} ${p.sourceCurrency}`;
    throw s.lte(fee)
      ? new QuoteAmountError(
          "does_not_cover_fee",
          names.sourceAmount,
          `${names.sourceAmount} ${s.toFixed(p.sourcePrecision)} ${p.sourceCurrency} does not cover the fee of ` +
            `${fee.toFixed(p.sourcePrecision)} ${p.sourceCurrency}; the smallest amount is ${min}`,
          minimum.toFixed(p.sourcePrecision),
        )
      : new QuoteAmountError(
          "nothing_delivered",
          names.sourceAmount,
          `${names.sourceAmount} ${s.toFixed(p.sourcePrecision)} ${p.sourceCurrency} delivers less than the smallest ` +
            `${p.destinationCurrency} unit after the fee; the smallest amount is ${min}`,
          minimum.toFixed(p.sourcePrecision),
        );
  }
  return {
    route,
    given: requested === null ? "source" : "destination",
    midMarketRate: p.mid,
    invertedMidMarketRate: roundSignificant(new Dec(1).dividedBy(p.mid), RATE_SIGNIFICANT_DIGITS),
    effectiveRate: roundSignificant(d.dividedBy(s), RATE_SIGNIFICANT_DIGITS),
    sourceAmount: s,
    destinationAmount: d,
    requestedDestinationAmount: requested,
    fee: { fixed: p.fixed, variable: p.variable, total: fee, currency: p.sourceCurrency },
  };
}

/** The smallest source amount that delivers one destination unit on a route. */
export function minimumSourceAmount(
  input: Omit<QuoteInput, "sourceAmount" | "destinationAmount">,
  rates: RateSource,
  options: QuoteOptions = {},
): Dec {
  const { pricing } = pricingFor(input, rates, options);
  return solveSource(pricing, unitOf(pricing.destinationCurrency));
}
