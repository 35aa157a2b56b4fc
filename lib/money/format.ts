/**
 * Display formatting for the dashboard. Browser-safe. Amounts never pass through a float:
 * `Intl.NumberFormat.prototype.format` takes decimal strings and formats them exactly
 * (Node 20, Chromium ≥ 106), so "12345678901234567.12345678" keeps every digit.
 *
 * Formatting is lossless: a value is never shown with fewer decimals than it has. Fiat shows
 * at least its ISO minor unit ("€1,234.50"); stablecoins, which `Intl` cannot name (codes are
 * three letters), are shown as a number and the code ("1,234.50 USDC").
 *
 * It reads amounts as strings (`./decimal-string`) and never loads decimal.js: a page that only
 * shows amounts does not ship an arithmetic library.
 */
import { CURRENCY_PRECISION, isStablecoin } from "@/lib/schemas/catalog";
import type { DecimalInput } from "./decimal";
import { decimalParts, plainDecimal, type DecimalParts } from "./decimal-string";

export interface FormatMoneyOptions {
  /** BCP 47 locale; default "en-US". */
  locale?: string;
  /**
   * Stablecoins only. "trim" (default) drops trailing zeros down to 2 decimals
   * ("1,234.50 USDC", "0.000001 USDC"); "full" always shows 6 ("1,234.500000 USDC"), which
   * aligns columns. Fiat always shows its minor unit.
   */
  decimals?: "trim" | "full";
  /** How fiat codes show: "symbol" (default: "$", "€", "MX$") or "code" ("USD 1,234.50"). */
  currencyDisplay?: "symbol" | "code";
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** A decimal string's parts; a Decimal (from code that computed it) is read through `toFixed()`. */
function asParts(x: DecimalInput): DecimalParts | null {
  if (typeof x === "string") return decimalParts(x);
  return x.isFinite() ? decimalParts(x.toFixed()) : null;
}

/** A plain decimal string `Intl` formats exactly (no exponent; no "-0"). */
function plain(d: DecimalParts): Intl.StringNumericLiteral {
  return plainDecimal(d) as Intl.StringNumericLiteral;
}

const intlCurrencies = new Map<string, boolean>();

/** Whether `Intl` knows the code as a currency (asked once per code: building a formatter costs more than formatting). */
function isIntlCurrency(code: string): boolean {
  let known = intlCurrencies.get(code);
  if (known === undefined) {
    known = /^[A-Z]{3}$/.test(code) && canFormatCurrency(code);
    if (intlCurrencies.size < 1_000) intlCurrencies.set(code, known);
  }
  return known;
}

function canFormatCurrency(code: string): boolean {
  try {
    new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    return true;
  } catch {
    return false;
  }
}

/**
 * Formats an amount for people: `formatMoney("1234.5", "EUR")` → "€1,234.50",
 * `formatMoney("1234.5", "USDC")` → "1,234.50 USDC", `formatMoney("100.00000000", "USD")` →
 * "$100.00". Input that is not a plain decimal is returned as is, followed by the code, so a
 * bad value shows rather than breaking the page.
 */
export function formatMoney(amount: DecimalInput, currency: string, options: FormatMoneyOptions = {}): string {
  const locale = options.locale ?? "en-US";
  const d = asParts(amount);
  if (!d) return `${String(amount)} ${currency}`;
  const precision = CURRENCY_PRECISION[currency] ?? 2;
  const maximumFractionDigits = Math.max(precision, d.fraction.length);
  if (!isStablecoin(currency) && isIntlCurrency(currency)) {
    return formatter(locale, {
      style: "currency",
      currency,
      currencyDisplay: options.currencyDisplay ?? "symbol",
      minimumFractionDigits: precision,
      maximumFractionDigits,
    }).format(plain(d));
  }
  const minimumFractionDigits = options.decimals === "full" ? precision : Math.min(2, precision);
  const number = formatter(locale, { minimumFractionDigits, maximumFractionDigits }).format(plain(d));
  return `${number} ${currency}`;
}

/**
 * The amount to paste into a wallet or a bank form: the figures the screen shows, without
 * grouping or symbol: `copyableAmount("1000.00000000", "USDC")` → "1000.00",
 * `copyableAmount("292.869152", "USDC")` → "292.869152". Never rounds (a value finer than the
 * currency keeps its decimals, as formatMoney shows them).
 */
export function copyableAmount(amount: DecimalInput, currency: string): string {
  const d = asParts(amount);
  if (!d) return String(amount);
  const precision = CURRENCY_PRECISION[currency] ?? 2;
  return plainDecimal(d, Math.min(2, precision));
}

export interface FormatRateOptions {
  /** When both are given the rate reads "1 USDC = 0.86 EUR". */
  source?: string;
  destination?: string;
  locale?: string;
  /** Default 10; rates from the service carry at most 12. */
  maximumSignificantDigits?: number;
}

/**
 * Formats an exchange rate: `formatRate("0.86")` → "0.86", `formatRate("1475", { source:
 * "USDC", destination: "NGN" })` → "1 USDC = 1,475 NGN". Rounds half away from zero to
 * `maximumSignificantDigits` (a rate is indicative; amounts are never rounded for display).
 */
export function formatRate(rate: DecimalInput, options: FormatRateOptions = {}): string {
  const d = asParts(rate);
  const body = d
    ? formatter(options.locale ?? "en-US", {
        maximumSignificantDigits: options.maximumSignificantDigits ?? 10,
      }).format(plain(d))
    : String(rate);
  return options.source && options.destination ? `1 ${options.source} = ${body} ${options.destination}` : body;
}
