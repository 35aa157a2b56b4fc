import "server-only";
import type { SettlementPreview } from "@/lib/dashboard/confirm-summary";
import { FIAT_COUNTRIES, isFiat, type Environment, type FiatCurrency } from "@/lib/schemas/catalog";
import type { settlementRequestCreateSchema } from "@/lib/schemas/settlement-request";
import type { z } from "@/lib/schemas/zod";

/** A body as the create schema reads it (its source resolved as the service resolves it). */
export type ParsedSettlementRequest = z.output<typeof settlementRequestCreateSchema>;
import * as api from "@/lib/settlement-api";

/**
 * A settlement request body priced by the service's own quote (GET /v0/rates, the arithmetic that
 * creates the request's instructions): who pays what in which currency and rail, what the
 * recipient gets, the fee. The production confirmation of the form (issue 35) and of the
 * approver (issue 43) both read it.
 */
export async function priceSettlementRequest(
  environment: Environment,
  body: ParsedSettlementRequest,
): Promise<api.ApiResult<SettlementPreview>> {
  const { source, destination } = body;
  const countryOf = (currency: string, given: string | undefined) => {
    if (!isFiat(currency)) return undefined;
    const allowed = FIAT_COUNTRIES[currency as FiatCurrency];
    return given && allowed.includes(given) ? given : allowed[0];
  };
  const beneficiaryCountry = (destination as { beneficiary?: { address?: { country_code?: string } } }).beneficiary
    ?.address?.country_code;
  const quote = await api.getRate(environment, {
    sourceCurrencyCode: source.currency,
    sourceRail: source.rail,
    sourceCountryCode: countryOf(source.currency, "country_code" in source ? source.country_code : undefined),
    destinationCurrencyCode: destination.currency,
    destinationRail: destination.rail,
    destinationCountryCode: countryOf(destination.currency, beneficiaryCountry),
    ...(body.amount !== undefined ? { sourceAmount: body.amount } : { destinationAmount: destination.amount }),
  } as Parameters<typeof api.getRate>[1]);
  if (!quote.ok) return quote;
  const q = quote.data;
  return {
    ...quote,
    data: {
      environment,
      type: body.type,
      payer: { amount: String(q.source_amount), currency: source.currency, rail: source.rail },
      recipient: { amount: String(q.destination_amount), currency: destination.currency, rail: destination.rail },
      fee: { amount: String(q.fee.total), currency: q.fee.currency },
      rate: String(q.effective_rate),
    },
  };
}
