import "server-only";

import {
  CHAINS,
  CURRENCIES,
  FIAT_RAILS,
  isFiat,
  isStablecoin,
  unsupportedLeg,
  type Currency,
  type Rail,
  type SettlementType,
} from "@/lib/schemas/catalog";

/** One side of a route: a currency on a rail (a chain for stablecoins). */
export interface Leg {
  currency: Currency;
  rail: Rail;
}

export interface QuoteRoute {
  type: SettlementType;
  source: Leg;
  destination: Leg;
}

/** The settlement type of a currency pair, or null when either currency is unsupported. */
export function settlementTypeOf(sourceCurrency: string, destinationCurrency: string): SettlementType | null {
  const src = isStablecoin(sourceCurrency) ? "STABLECOIN" : isFiat(sourceCurrency) ? "FIAT" : null;
  const dst = isStablecoin(destinationCurrency) ? "STABLECOIN" : isFiat(destinationCurrency) ? "FIAT" : null;
  if (!src || !dst) return null;
  return `${src}_TO_${dst}`;
}

/** Every supported (currency, rail) leg of decisions D5, as `unsupportedLeg` defines them. */
export function supportedLegs(): Leg[] {
  const legs: Leg[] = [];
  for (const currency of CURRENCIES) {
    for (const rail of [...CHAINS, ...FIAT_RAILS]) {
      if (unsupportedLeg(currency, rail) === null) legs.push({ currency, rail });
    }
  }
  return legs;
}

/** Every supported route: any supported source leg to any supported destination leg. */
export function supportedRoutes(): QuoteRoute[] {
  const legs = supportedLegs();
  const routes: QuoteRoute[] = [];
  for (const source of legs) {
    for (const destination of legs) {
      const type = settlementTypeOf(source.currency, destination.currency);
      if (type) routes.push({ type, source, destination });
    }
  }
  return routes;
}
