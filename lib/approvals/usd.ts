import "server-only";
import Decimal from "decimal.js";
import { countriesFor, railsFor } from "@/lib/dashboard/routes";
import { isFiat } from "@/lib/schemas/catalog";
import type { Environment } from "@/lib/schemas/catalog";
import { getRate } from "@/lib/settlement-api";

/**
 * What one unit of a currency is worth in USD, by the service's own quote (its mid-market rate
 * from the currency to USD over ACH), for rules whose threshold is in USD (decisions D19.1).
 * Null when the service would not quote it: such a rule then holds the submission (when in
 * doubt, ask a person).
 */
export async function usdPerUnit(environment: Environment, currency: string): Promise<Decimal | null> {
  if (currency === "USD") return new Decimal(1);
  const rail = railsFor(currency)[0];
  if (!rail) return null;
  const quoted = await getRate(environment, {
    sourceCurrencyCode: currency as "EUR",
    sourceRail: rail as "LOCAL",
    ...(isFiat(currency) ? { sourceCountryCode: countriesFor(currency)[0] } : {}),
    destinationCurrencyCode: "USD",
    destinationRail: "ACH",
    destinationCountryCode: "US",
    sourceAmount: "100.00000000",
  });
  if (!quoted.ok) return null;
  // A JSON number on the wire; its decimal text, never float arithmetic.
  return new Decimal(String(quoted.data.mid_market_rate));
}

/** `amount` of `currency` in USD (2 decimals), or null when it cannot be priced. */
export async function inUsd(
  environment: Environment,
  currency: string | null,
  amount: string | null,
  rates = new Map<string, Decimal | null>(),
): Promise<string | null> {
  if (!currency || !amount) return null;
  if (!rates.has(currency)) rates.set(currency, await usdPerUnit(environment, currency));
  const rate = rates.get(currency);
  return rate ? new Decimal(amount).times(rate).toDecimalPlaces(2).toFixed() : null;
}
