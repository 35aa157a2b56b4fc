import { fromJsonNumber } from "@/lib/money/decimal";
import { CURRENCY_PRECISION } from "@/lib/schemas/catalog";
import type { RateQueryInput, RateResponse } from "@/lib/schemas/rates";
import { settlementTypeFor } from "@/lib/dashboard/routes";

/** Quoted amounts as decimal strings at the currency's precision (never through a float string). */
function amountString(n: number, currency: string): string {
  return fromJsonNumber(n).toFixed(CURRENCY_PRECISION[currency] ?? 2);
}

/**
 * The builder's URL prefilled from a quote: type, both legs, the destination country, and the
 * amount on the side the type takes (STABLECOIN_TO_FIAT: destination.amount; the others:
 * amount, the source side, with the quoted recipient amount beside it).
 */
export function builderHrefFromQuote(query: RateQueryInput, quote: RateResponse): string {
  const type = settlementTypeFor(String(query.sourceCurrencyCode), String(query.destinationCurrencyCode));
  const params = new URLSearchParams({
    type,
    source_currency: String(query.sourceCurrencyCode),
    source_rail: String(query.sourceRail),
    destination_currency: String(query.destinationCurrencyCode),
    destination_rail: String(query.destinationRail),
  });
  if (query.sourceCountryCode) params.set("source_country", String(query.sourceCountryCode));
  if (query.destinationCountryCode) params.set("destination_country", String(query.destinationCountryCode));
  if (type === "STABLECOIN_TO_FIAT") {
    params.set("destination_amount", amountString(quote.destination_amount, quote.destination_currency));
  } else {
    params.set("amount", amountString(quote.source_amount, quote.source_currency));
    // The other side, as quoted: the builder shows it beside the amount (the request prices anew).
    params.set("quoted_destination_amount", amountString(quote.destination_amount, quote.destination_currency));
  }
  return `/settlement-requests/new?${params.toString()}`;
}
