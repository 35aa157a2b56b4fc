import "server-only";
import type { RateQuery } from "@/lib/schemas/rates";
import type { ServiceDeps } from "../context";
import { invalidField } from "../errors";
import { quote, QuoteError, RATES_QUERY_FIELDS, toRateResponse, type RateResponse } from "../quotes/quote";

/** GET /v0/rates: an indicative quote (decisions D4); a bad query is a 400 naming the parameter. */
export function getRate(deps: ServiceDeps, query: RateQuery): RateResponse {
  try {
    const q = quote(
      {
        sourceCurrency: query.sourceCurrencyCode,
        sourceRail: query.sourceRail,
        destinationCurrency: query.destinationCurrencyCode,
        destinationRail: query.destinationRail,
        ...(query.sourceAmount !== undefined ? { sourceAmount: query.sourceAmount } : {}),
        ...(query.destinationAmount !== undefined ? { destinationAmount: query.destinationAmount } : {}),
        fields: RATES_QUERY_FIELDS,
      },
      deps.rates,
    );
    return toRateResponse(q);
  } catch (error) {
    if (error instanceof QuoteError) throw invalidField(error.field, error.message);
    throw error;
  }
}
