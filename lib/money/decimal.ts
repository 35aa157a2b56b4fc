/**
 * Decimal helpers for money (decisions D4): strings on the wire, `numeric` in the database,
 * decimal.js in between, never binary floats. Browser-safe: the dashboard formats with these.
 *
 * `Dec` is a decimal.js clone with 50 significant digits (the default 20 is too few for
 * amount × rate products) that never switches `toString()` to exponent notation, so
 * `new Dec("0.00000001").toString()` is "0.00000001", not "1e-8".
 */
import Decimal from "decimal.js";

import { CURRENCY_PRECISION } from "@/lib/schemas/catalog";
import { isDecimalString } from "./decimal-string";

export const Dec = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
/** An instance of `Dec` (decimal.js instances share one type whatever their clone). */
export type Dec = Decimal;

/** What the helpers accept: a decimal string (wire, `numeric` column) or a Decimal. */
export type DecimalInput = string | Decimal;

/** Decimals of the canonical wire form of amounts ("100.00000000"). */
export const CANONICAL_DECIMALS = 8;

export { DECIMAL_STRING_PATTERN, isDecimalString } from "./decimal-string";

/**
 * Converts to a `Dec` with 50-digit arithmetic. Strings must be plain decimals (see
 * `DECIMAL_STRING_PATTERN`); a Decimal of another clone is re-created as a `Dec` so later
 * operations use our precision. Throws `RangeError` on anything else.
 */
export function toDec(x: DecimalInput): Dec {
  if (typeof x === "string") {
    if (!isDecimalString(x)) throw new RangeError(`not a decimal string: ${JSON.stringify(x)}`);
    return new Dec(x);
  }
  if (!x.isFinite()) throw new RangeError(`not a finite decimal: ${x.toString()}`);
  // Clones share one prototype, so `instanceof` cannot tell them apart; the constructor can.
  return x.constructor === Dec ? x : new Dec(x);
}

/** Like `toDec` but returns null instead of throwing (for validators that must not throw). */
export function parseDecimal(x: string): Dec | null {
  return isDecimalString(x) ? new Dec(x) : null;
}

/**
 * A JSON number from a request body (the create body's `amount` is one) as a `Dec`, through
 * the number's shortest round-trip spelling (`100.1` → "100.1"). Numbers carry at most ~15–17
 * significant digits; callers that need more must send strings. Throws on NaN/Infinity.
 */
export function fromJsonNumber(n: number): Dec {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return new Dec(n);
}

/**
 * The one documented place where money becomes a binary float: wire fields the interface
 * document types as JSON numbers (rate response fields, `payment_instructions.fee`). Values up
 * to 15 significant digits survive `JSON.stringify` digit for digit.
 */
export function toJsonNumber(x: DecimalInput): number {
  return toDec(x).toNumber();
}

/** Decimal places of a currency: ISO 4217 minor unit for fiat, 6 for stablecoins. */
export function precisionOf(currency: string): number {
  const p = CURRENCY_PRECISION[currency];
  if (p === undefined) throw new RangeError(`unknown currency: ${currency}`);
  return p;
}

/** The smallest amount of a currency: 10^-precision ("0.01" for USD, "0.000001" for USDC). */
export function unitOf(currency: string): Dec {
  return new Dec(1).dividedBy(new Dec(10).pow(precisionOf(currency)));
}

/** Rounds to `dp` decimals, halves away from zero (1.005 → 1.01, −1.005 → −1.01). */
export function roundHalfUp(x: DecimalInput, dp: number): Dec {
  return toDec(x).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP);
}

/** Truncates to `dp` decimals, toward zero (1.009 → 1.00, −1.009 → −1.00). */
export function roundDown(x: DecimalInput, dp: number): Dec {
  return toDec(x).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
}

/** Rounds to `dp` decimals toward +∞ (1.001 → 1.01). */
export function roundCeil(x: DecimalInput, dp: number): Dec {
  return toDec(x).toDecimalPlaces(dp, Decimal.ROUND_CEIL);
}

/** Rounds to `sd` significant digits, halves away from zero; exact values pass unchanged. */
export function roundSignificant(x: DecimalInput, sd: number): Dec {
  return toDec(x).toSignificantDigits(sd, Decimal.ROUND_HALF_UP);
}

/**
 * Decimal places of a value. For a plain decimal string they are counted as written, so
 * trailing zeros count ("1.000000000" has 9: decisions D4 rejects inputs with more than 8
 * decimals, and "100.00000000" has 8). For a Decimal, or a string in another notation, the
 * numeric count is used (trailing zeros ignored).
 */
export function decimalsOf(x: DecimalInput): number {
  if (typeof x === "string" && isDecimalString(x)) {
    const dot = x.indexOf(".");
    return dot < 0 ? 0 : x.length - dot - 1;
  }
  return toDec(x).decimalPlaces();
}

/** True when the value has more than `n` decimals (see `decimalsOf` for how they count). */
export function hasMoreDecimalsThan(x: DecimalInput, n: number): boolean {
  return decimalsOf(x) > n;
}

/** True when the value is not a whole number of the currency's smallest unit. */
export function exceedsPrecision(x: DecimalInput, currency: string): boolean {
  return toDec(x).decimalPlaces() > precisionOf(currency);
}

/**
 * The canonical wire form of an amount: exactly 8 decimals, no exponent ("100.00000000").
 * Never rounds: a value with more than 8 significant decimals throws `RangeError` (validate
 * first, with `hasMoreDecimalsThan`). Accepts `numeric` column strings as they come back.
 */
export function toCanonical(amount: DecimalInput): string {
  const d = toDec(amount);
  if (d.decimalPlaces() > CANONICAL_DECIMALS) {
    throw new RangeError(`amount has more than ${CANONICAL_DECIMALS} decimals: ${d.toString()}`);
  }
  return d.toFixed(CANONICAL_DECIMALS);
}

/**
 * An amount at its currency's precision ("1234.50" EUR, "12.000000" USDC). Never rounds:
 * throws `RangeError` when the value has more decimals than the currency allows.
 */
export function toCurrencyString(amount: DecimalInput, currency: string): string {
  const d = toDec(amount);
  const p = precisionOf(currency);
  if (d.decimalPlaces() > p) {
    throw new RangeError(`${currency} amount has more than ${p} decimals: ${d.toString()}`);
  }
  return d.toFixed(p);
}

/** The shortest plain string of a value ("0.86", "1475", "0.000677966101695"). */
export function toPlainString(x: DecimalInput): string {
  return toDec(x).toFixed();
}

/** Exact sum of amounts (0 for none). */
export function sum(values: readonly DecimalInput[]): Dec {
  return values.reduce<Dec>((acc, v) => acc.plus(toDec(v)), new Dec(0));
}

/**
 * An amount as a file or a screen writes it (issue 57): at its currency's places ("1250.00" USD,
 * "808.080808" USDC, "-300.00"), exact: a value finer than its currency keeps every digit, never
 * rounded. A JSON number (a fee) goes through its shortest spelling. Empty stays empty; a value
 * of no known currency is written as the shortest plain decimal.
 */
export function atCurrencyPlaces(
  amount: DecimalInput | number | null | undefined,
  currency: string | null | undefined,
): string | null {
  if (amount === null || amount === undefined || amount === "") return null;
  const d = typeof amount === "number" ? fromJsonNumber(amount) : toDec(amount);
  const places = currency ? CURRENCY_PRECISION[currency] : undefined;
  return places === undefined ? d.toFixed() : d.toFixed(Math.max(places, d.decimalPlaces()));
}
