/**
 * Amount inputs (decisions D4): a JSON number or a decimal string, at most 8 decimals, never
 * negative, never NaN or an exponent form; normalized to the canonical 8-decimal string.
 */
import Decimal from "decimal.js";
import { z } from "@/lib/schemas/zod";

export const AMOUNT_DECIMALS = 8;
/** Integer digits accepted (maximum amounts are not set by the document; this bounds abuse). */
export const MAX_AMOUNT_INTEGER_DIGITS = 15;

const D = Decimal.clone({ precision: 50 });
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const LIMIT = new D(10).pow(MAX_AMOUNT_INTEGER_DIGITS);

export interface AmountRules {
  /** Smallest accepted value, inclusive (decimal string). */
  min?: string;
  /** Reject zero. */
  positive?: boolean;
  /** Decimal places accepted; at most AMOUNT_DECIMALS. */
  maxDecimals?: number;
}

export type AmountResult = { ok: true; value: string } | { ok: false; message: string };

/** The canonical 8-decimal form of a decimal value ("100" → "100.00000000"). */
export function canonicalAmount(value: Decimal.Value): string {
  return new D(value).toFixed(AMOUNT_DECIMALS, Decimal.ROUND_DOWN);
}

function toDecimal(input: unknown): Decimal | string {
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return "Must be a finite number";
    if (input < 0 || Object.is(input, -0)) return "Must not be negative";
    if (input > Number.MAX_SAFE_INTEGER) return "Too large for a JSON number: send it as a string";
    return new D(input);
  }
  if (typeof input === "string") {
    if (PLAIN_DECIMAL.test(input)) return new D(input);
    if (/^\s*-/.test(input)) return "Must not be negative";
    if (/^[\d.+-]*e/i.test(input)) return 'Must be a plain decimal such as "100.50", not an exponent form';
    return 'Must be a decimal number such as "100.50"';
  }
  return "Must be a number or a decimal string";
}

/** Checks an amount input and returns its canonical 8-decimal string. Never throws. */
export function parseAmount(input: unknown, rules: AmountRules = {}): AmountResult {
  const d = toDecimal(input);
  if (typeof d === "string") return { ok: false, message: d };
  const maxDecimals = Math.min(rules.maxDecimals ?? AMOUNT_DECIMALS, AMOUNT_DECIMALS);
  if (d.decimalPlaces() > maxDecimals) {
    return { ok: false, message: `Must have at most ${maxDecimals} decimal places` };
  }
  if (d.gte(LIMIT)) return { ok: false, message: "Must be below 1,000,000,000,000,000" };
  if (rules.positive && d.lte(0)) return { ok: false, message: "Must be greater than 0" };
  if (rules.min !== undefined && d.lt(rules.min)) return { ok: false, message: `Must be at least ${rules.min}` };
  return { ok: true, value: canonicalAmount(d) };
}

/**
 * Why `amount` (already parsed) is finer than `currency` can be paid in, or null (decision D4.3).
 * Trailing zeros do not count: "250.10000000" is fine for USD, "250.123" is not.
 */
export function finerThanCurrency(amount: string, currency: string, precision: number | undefined): string | null {
  if (precision === undefined || !PLAIN_DECIMAL.test(amount)) return null;
  const places = new D(amount).decimalPlaces();
  if (places <= precision) return null;
  return `${currency} amounts have at most ${precision} decimal places (got ${places}): instructions must be payable exactly`;
}

/** A zod amount input (number or string) whose output is the canonical 8-decimal string. */
export function amountInput(rules: AmountRules = {}, description?: string) {
  return z
    .union([z.number(), z.string()], { error: "Must be a number or a decimal string" })
    .transform((value, ctx): string => {
      const r = parseAmount(value, rules);
      if (r.ok) return r.value;
      ctx.addIssue({ code: "custom", message: r.message, input: value });
      return z.NEVER;
    })
    .meta({
      description:
        description ??
        `Decimal amount as a JSON number or string; at most ${rules.maxDecimals ?? AMOUNT_DECIMALS} decimals, no exponent form` +
          (rules.min ? `, minimum ${rules.min}` : rules.positive ? ", greater than 0" : ", not negative"),
    });
}

/** Settlement request create amounts: minimum 0.01 (the document's limit). */
export const settlementAmountInput = amountInput({ min: "0.01" });
/** Any amount above zero. */
export const positiveAmountInput = amountInput({ positive: true });
/** Zero or more (e.g. the amount a sandbox payment received). */
export const nonNegativeAmountInput = amountInput();

/** Response amounts: the canonical 8-decimal string. */
export const canonicalAmountString = z
  .string()
  .regex(/^\d+\.\d{8}$/, "Must be a canonical 8-decimal amount")
  .meta({
    description: 'Decimal string in the canonical 8-decimal form, e.g. "100.00000000"',
    example: "100.00000000",
  });

/** Other decimal strings in responses (fees, rates, balances). */
export const decimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, "Must be a decimal string")
  .meta({ description: "Decimal string", example: "1.00000000" });
