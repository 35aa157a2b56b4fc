/**
 * Plain decimal strings ("-1234.50") read without arithmetic: what display formatting needs.
 * Browser-safe and free of decimal.js, so pages that only show amounts do not ship it; anything
 * that computes uses `./decimal`.
 */

/** A plain decimal as it may appear on the wire: optional minus, digits, optional fraction. */
export const DECIMAL_STRING_PATTERN = /^-?\d+(\.\d+)?$/;

/** True when `s` is a plain decimal string (no exponent, spaces, hex, Infinity or NaN). */
export function isDecimalString(s: string): boolean {
  return DECIMAL_STRING_PATTERN.test(s);
}

/** A plain decimal in canonical parts: no leading zeros, no trailing fraction zeros, never "-0". */
export interface DecimalParts {
  negative: boolean;
  /** Integer digits, "0" when there are none. */
  integer: string;
  /** Significant fraction digits, "" when the value is whole. */
  fraction: string;
}

export function decimalParts(s: string): DecimalParts | null {
  if (!isDecimalString(s)) return null;
  const negative = s.startsWith("-");
  const [rawInteger, rawFraction = ""] = (negative ? s.slice(1) : s).split(".");
  const integer = rawInteger.replace(/^0+(?=\d)/, "");
  const fraction = rawFraction.replace(/0+$/, "");
  const zero = /^0*$/.test(integer) && fraction === "";
  return { negative: negative && !zero, integer, fraction };
}

/** The parts as a plain string with exactly `decimals` fraction digits (never fewer than it has). */
export function plainDecimal(parts: DecimalParts, decimals = parts.fraction.length): string {
  const fraction = parts.fraction.padEnd(Math.max(decimals, parts.fraction.length), "0");
  return `${parts.negative ? "-" : ""}${parts.integer}${fraction ? `.${fraction}` : ""}`;
}
