/**
 * The supported currencies, rails and chains (decisions D5), shared by the service, the
 * dashboard's forms and the quote engine. Browser-safe: no server imports here.
 */
import type { EventType } from "@/lib/state-machine/webhooks";

export const STABLECOINS = ["USDC", "USDT", "EURC"] as const;
export type Stablecoin = (typeof STABLECOINS)[number];

export const CHAINS = ["SOLANA", "ETHEREUM", "POLYGON", "BASE", "TRON"] as const;
export type Chain = (typeof CHAINS)[number];

export const FIAT_CURRENCIES = ["USD", "EUR", "GBP", "MXN", "NGN", "CAD"] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];

export const FIAT_RAILS = ["ACH", "RTP", "DOMESTIC_WIRE", "LOCAL"] as const;
export type FiatRail = (typeof FIAT_RAILS)[number];

export const CURRENCIES = [...STABLECOINS, ...FIAT_CURRENCIES] as const;
export type Currency = (typeof CURRENCIES)[number];
export const RAILS = [...CHAINS, ...FIAT_RAILS] as const;
export type Rail = (typeof RAILS)[number];

/** Chains each stablecoin is offered on. */
export const STABLECOIN_CHAINS: Record<Stablecoin, readonly Chain[]> = {
  USDC: ["SOLANA", "ETHEREUM", "POLYGON", "BASE", "TRON"],
  USDT: ["SOLANA", "ETHEREUM", "POLYGON", "BASE", "TRON"],
  EURC: ["ETHEREUM", "SOLANA", "BASE"],
};

/** The fiat currency a stablecoin tracks 1:1. */
export const STABLECOIN_PEG: Record<Stablecoin, FiatCurrency> = { USDC: "USD", USDT: "USD", EURC: "EUR" };

/** The bank-identifier shape of a fiat destination. */
export type BankShape = "ABA" | "IBAN" | "CLABE" | "NGN_ACCOUNT" | "CAD_EFT";

export const FIAT_RAILS_BY_CURRENCY: Record<FiatCurrency, readonly FiatRail[]> = {
  USD: ["ACH", "RTP", "DOMESTIC_WIRE"],
  EUR: ["LOCAL"],
  GBP: ["LOCAL"],
  MXN: ["LOCAL"],
  NGN: ["LOCAL"],
  CAD: ["LOCAL"],
};

export const BANK_SHAPE_BY_CURRENCY: Record<FiatCurrency, BankShape> = {
  USD: "ABA",
  EUR: "IBAN",
  GBP: "IBAN",
  MXN: "CLABE",
  NGN: "NGN_ACCOUNT",
  CAD: "CAD_EFT",
};

/**
 * Countries of the SEPA scheme (decision D5.2): the EEA (the EU 27, Bulgaria included, plus IS,
 * LI, NO), CH, GB, MC, SM, VA, AD, GI and the scheme's newer members AL, MD, ME, MK, RS. A EUR
 * IBAN may be held in any of them.
 */
export const SEPA_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
  "IS",
  "LI",
  "NO",
  "CH",
  "GB",
  "MC",
  "SM",
  "VA",
  "AD",
  "GI",
  "AL",
  "MD",
  "ME",
  "MK",
  "RS",
] as const;
/** Countries (ISO 3166-1 alpha-2) a fiat currency's accounts may sit in. */
export const FIAT_COUNTRIES: Record<FiatCurrency, readonly string[]> = {
  USD: ["US"],
  EUR: SEPA_COUNTRIES,
  GBP: ["GB"],
  MXN: ["MX"],
  NGN: ["NG"],
  CAD: ["CA"],
};

/** Decimal places of each currency: ISO 4217 minor unit for fiat, 6 for stablecoins. */
export const CURRENCY_PRECISION: Record<string, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  MXN: 2,
  NGN: 2,
  CAD: 2,
  USDC: 6,
  USDT: 6,
  EURC: 6,
};

export function isStablecoin(c: string): c is Stablecoin {
  return (STABLECOINS as readonly string[]).includes(c);
}
export function isFiat(c: string): c is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(c);
}
export function isChain(r: string): r is Chain {
  return (CHAINS as readonly string[]).includes(r);
}

/** Why a (currency, rail) pair is not supported, or null when it is. */
export function unsupportedLeg(currency: string, rail: string): string | null {
  if (isStablecoin(currency)) {
    if (!isChain(rail)) return `${currency} moves on a chain (${STABLECOIN_CHAINS[currency].join(", ")}), not ${rail}`;
    if (!STABLECOIN_CHAINS[currency].includes(rail)) return `${currency} is not offered on ${rail}`;
    return null;
  }
  if (isFiat(currency)) {
    if (!(FIAT_RAILS_BY_CURRENCY[currency] as readonly string[]).includes(rail)) {
      return `${currency} is paid over ${FIAT_RAILS_BY_CURRENCY[currency].join(", ")}, not ${rail}`;
    }
    return null;
  }
  return `currency ${currency} is not supported`;
}

export const SETTLEMENT_TYPES = [
  "STABLECOIN_TO_STABLECOIN",
  "FIAT_TO_STABLECOIN",
  "STABLECOIN_TO_FIAT",
  "FIAT_TO_FIAT",
] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

export const PAYMENT_REASONS = [
  "CHARITABLE_CONTRIBUTIONS",
  "CONSULTING_FEES",
  "EDUCATION_FEES",
  "EMPLOYEE_SALARIES_OR_WAGES",
  "FAMILY_SUPPORT",
  "GIFTS",
  "INSURANCE",
  "INTERCOMPANY_TRANSFER",
  "INVESTMENTS",
  "LOANS",
  "PERSONAL_TRANSFERS",
  "PURCHASE_OF_GOODS",
  "PURCHASE_OF_SERVICES",
  "REAL_ESTATE",
  "RENT",
  "TAXES",
  "TRAVEL",
  "UTILITY_BILLS",
] as const;
export type PaymentReason = (typeof PAYMENT_REASONS)[number];
export const DEPRECATED_PAYMENT_REASONS: Record<string, PaymentReason> = {
  REMITTANCES: "FAMILY_SUPPORT",
  PAYMENT_FOR_GOODS_AND_SERVICES: "PURCHASE_OF_GOODS",
};

export const EVENT_GROUPS = ["Settlement requests", "Payments", "Account", "Webhook endpoints"] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

/**
 * Every event type's place (issue 45): its group in the webhook event picker, what it says, and
 * the kind of body it carries (one schema per kind in the API document). A `Record` over
 * EVENT_TYPES, so a new type does not compile until it has its entry, and it then appears in the
 * picker and the document by itself.
 */
export const EVENT_CATALOG: Record<
  EventType,
  {
    group: EventGroup;
    label: string;
    kind: "SettlementRequestEvent" | "PaymentEvent" | "BalanceLowEvent" | "WebhookEndpointEvent";
  }
> = {
  "settlement_request.created": {
    group: "Settlement requests",
    label: "A request was created",
    kind: "SettlementRequestEvent",
  },
  "settlement_request.updated": {
    group: "Settlement requests",
    label: "A request changed status",
    kind: "SettlementRequestEvent",
  },
  "payment.created": { group: "Payments", label: "A payment was created", kind: "PaymentEvent" },
  "payment.processing": { group: "Payments", label: "A payment is on its way", kind: "PaymentEvent" },
  "payment.completed": { group: "Payments", label: "A payment arrived", kind: "PaymentEvent" },
  "payment.failed": { group: "Payments", label: "A payment failed", kind: "PaymentEvent" },
  "payment.expired": { group: "Payments", label: "A payment expired", kind: "PaymentEvent" },
  "account.balance.low": { group: "Account", label: "The balance went below its threshold", kind: "BalanceLowEvent" },
  "webhook_endpoint.failing": {
    group: "Webhook endpoints",
    label: "An endpoint has failed for a day",
    kind: "WebhookEndpointEvent",
  },
  "webhook_endpoint.disabled": {
    group: "Webhook endpoints",
    label: "An endpoint was turned off for failing",
    kind: "WebhookEndpointEvent",
  },
};

export const ENVIRONMENTS = ["sandbox", "production"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
