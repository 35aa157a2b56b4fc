import "server-only";

import { toCanonical, toJsonNumber, toPlainString } from "@/lib/money/decimal";
import type { Currency } from "@/lib/schemas/catalog";

import type { Quote } from "./types";

/** The interface document's Rate response; every number field is a JSON number. */
export interface RateResponse {
  source_currency: string;
  destination_currency: string;
  mid_market_rate: number;
  inverted_mid_market_rate: number;
  effective_rate: number;
  source_amount: number;
  destination_amount: number;
  fee: { total: number; currency: string };
}

export function toRateResponse(q: Quote): RateResponse {
  return {
    source_currency: q.route.source.currency,
    destination_currency: q.route.destination.currency,
    mid_market_rate: toJsonNumber(q.midMarketRate),
    inverted_mid_market_rate: toJsonNumber(q.invertedMidMarketRate),
    effective_rate: toJsonNumber(q.effectiveRate),
    source_amount: toJsonNumber(q.sourceAmount),
    destination_amount: toJsonNumber(q.destinationAmount),
    fee: { total: toJsonNumber(q.fee.total), currency: q.fee.currency },
  };
}

/**
 * `payment_instructions.fee` (JSON numbers): `fixed` in source units and `variable` as a
 * fraction, as in the fee schedule, and `total` in source units, so that
 * total = round_half_up(fixed + amount × variable) at the source currency's precision.
 */
export interface PaymentInstructionsFee {
  fixed: number;
  variable: number;
  total: number;
}

export function toPaymentInstructionsFee(q: Quote): PaymentInstructionsFee {
  return {
    fixed: toJsonNumber(q.fee.fixed),
    variable: toJsonNumber(q.fee.variable),
    total: toJsonNumber(q.fee.total),
  };
}

/**
 * The quote's share of `payment_instructions`: amounts in the canonical 8-decimal form,
 * `exchange_rate` the mid-market rate used (a plain decimal string), so that
 * destination_amount = round_down((amount − fee.total) × exchange_rate).
 */
export interface PaymentInstructionsQuote {
  currency: Currency;
  amount: string;
  destination_currency: Currency;
  destination_amount: string;
  exchange_rate: string;
  fee: PaymentInstructionsFee;
}

export function toPaymentInstructionsQuote(q: Quote): PaymentInstructionsQuote {
  return {
    currency: q.route.source.currency,
    amount: toCanonical(q.sourceAmount),
    destination_currency: q.route.destination.currency,
    destination_amount: toCanonical(q.destinationAmount),
    exchange_rate: toPlainString(q.midMarketRate),
    fee: toPaymentInstructionsFee(q),
  };
}
