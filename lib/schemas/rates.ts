/**
 * GET /v0/rates: camelCase query (the document's exception) and the rate response (numbers).
 */
import { z } from "@/lib/schemas/zod";
import { amountInput, finerThanCurrency } from "./amount";
import { CURRENCIES, CURRENCY_PRECISION, FIAT_COUNTRIES, RAILS, isFiat, unsupportedLeg } from "./catalog";
import { countryCode } from "./common";

function codeMessage(what: string, options: readonly string[]) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined
      ? undefined
      : `Unsupported ${what} ${String(issue.input)} (supported: ${options.join(", ")})`;
}

const rateAmount = amountInput({ positive: true }, "Decimal amount greater than 0, at most 8 decimals");

export const rateQuerySchema = z
  .object({
    sourceCurrencyCode: z.enum(CURRENCIES, { error: codeMessage("currency", CURRENCIES) }),
    sourceRail: z.enum(RAILS, { error: codeMessage("rail", RAILS) }),
    destinationCurrencyCode: z.enum(CURRENCIES, { error: codeMessage("currency", CURRENCIES) }),
    destinationRail: z.enum(RAILS, { error: codeMessage("rail", RAILS) }),
    sourceCountryCode: countryCode.optional().meta({ description: "Required when the source is fiat" }),
    destinationCountryCode: countryCode.optional().meta({ description: "Required when the destination is fiat" }),
    sourceAmount: rateAmount.optional().meta({ description: "Exactly one of sourceAmount and destinationAmount" }),
    destinationAmount: rateAmount.optional().meta({ description: "Exactly one of sourceAmount and destinationAmount" }),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const sides = [
      ["source", q.sourceCurrencyCode, q.sourceRail, q.sourceCountryCode],
      ["destination", q.destinationCurrencyCode, q.destinationRail, q.destinationCountryCode],
    ] as const;
    for (const [side, currency, rail, country] of sides) {
      const leg = unsupportedLeg(currency, rail);
      if (leg) issue(`${side}Rail`, `Unsupported route: ${leg}`);
      if (!isFiat(currency)) continue;
      if (country === undefined) issue(`${side}CountryCode`, `Required when the ${side} is fiat`);
      else if (!FIAT_COUNTRIES[currency].includes(country)) {
        issue(
          `${side}CountryCode`,
          `${currency} accounts are in ${FIAT_COUNTRIES[currency].join(", ")}, not ${country}`,
        );
      }
    }
    const precise = [
      ["sourceAmount", q.sourceAmount, q.sourceCurrencyCode],
      ["destinationAmount", q.destinationAmount, q.destinationCurrencyCode],
    ] as const;
    for (const [field, amount, currency] of precise) {
      const problem = amount === undefined ? null : finerThanCurrency(amount, currency, CURRENCY_PRECISION[currency]);
      if (problem) issue(field, problem);
    }
    if (q.sourceAmount === undefined && q.destinationAmount === undefined) {
      issue("sourceAmount", "Pass exactly one of sourceAmount and destinationAmount");
    } else if (q.sourceAmount !== undefined && q.destinationAmount !== undefined) {
      issue("sourceAmount", "Pass exactly one of sourceAmount and destinationAmount, not both");
    }
  });

export type RateQueryInput = z.input<typeof rateQuerySchema>;
/** Amounts come out as canonical 8-decimal strings, for decimal.js. */
export type RateQuery = z.output<typeof rateQuerySchema>;

export const rateResponseSchema = z
  .object({
    source_currency: z.string(),
    destination_currency: z.string(),
    mid_market_rate: z.number().meta({ description: "Destination units per one source unit, before fees" }),
    inverted_mid_market_rate: z.number(),
    effective_rate: z.number().meta({ description: "All-in rate per source unit after fees" }),
    source_amount: z.number(),
    destination_amount: z.number(),
    fee: z.object({
      total: z.number().meta({ description: "In the source currency" }),
      currency: z.string(),
    }),
  })
  .meta({ id: "Rate" });
export type RateResponse = z.output<typeof rateResponseSchema>;
