/**
 * Which rails and countries go with a currency, for the forms' dependent selects (browser-safe).
 */
import {
  FIAT_COUNTRIES,
  FIAT_RAILS_BY_CURRENCY,
  STABLECOIN_CHAINS,
  isFiat,
  isStablecoin,
  type SettlementType,
} from "@/lib/schemas/catalog";

export function railsFor(currency: string): readonly string[] {
  if (isStablecoin(currency)) return STABLECOIN_CHAINS[currency];
  if (isFiat(currency)) return FIAT_RAILS_BY_CURRENCY[currency];
  return [];
}

export function countriesFor(currency: string): readonly string[] {
  return isFiat(currency) ? FIAT_COUNTRIES[currency] : [];
}

/** The settlement type that moves `source` into `destination`. */
export function settlementTypeFor(source: string, destination: string): SettlementType {
  if (isStablecoin(source)) return isStablecoin(destination) ? "STABLECOIN_TO_STABLECOIN" : "STABLECOIN_TO_FIAT";
  return isStablecoin(destination) ? "FIAT_TO_STABLECOIN" : "FIAT_TO_FIAT";
}

const RAIL_LABELS: Record<string, string> = {
  ACH: "ACH",
  RTP: "RTP (real-time)",
  DOMESTIC_WIRE: "Domestic wire",
  LOCAL: "Local",
  SOLANA: "Solana",
  ETHEREUM: "Ethereum",
  POLYGON: "Polygon",
  BASE: "Base",
  TRON: "Tron",
};

export function railLabel(rail: string): string {
  return RAIL_LABELS[rail] ?? rail;
}

/** A fiat currency's LOCAL rail by its name ("SEPA transfer", not "Local"). */
const LOCAL_RAIL_NAMES: Record<string, string> = {
  EUR: "SEPA transfer",
  GBP: "Faster Payments",
  MXN: "SPEI",
  NGN: "NIP transfer",
  CAD: "EFT",
};

/** How money moves on a rail for a currency: "SEPA transfer" for EUR over LOCAL, "ACH", "Solana". */
export function railFor(currency: string, rail: string): string {
  return rail === "LOCAL" ? (LOCAL_RAIL_NAMES[currency] ?? "Local bank transfer") : railLabel(rail);
}
