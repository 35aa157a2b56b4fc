import "server-only";
import type { Environment, FiatCurrency } from "@/lib/schemas/catalog";
import type { PaymentInstructions } from "@/lib/schemas/settlement-request-response";
import { isCryptoSource, type ResolvedSource } from "@/lib/schemas/source";
import { toPaymentInstructionsQuote, type Quote } from "../quotes/quote";
import { depositAddress } from "./deposit-address";

/** Stablecoin sources: 30 minutes; fiat sources: 2 days (decisions D5). */
export const CRYPTO_VALIDITY_MS = 30 * 60 * 1000;
export const FIAT_VALIDITY_MS = 2 * 24 * 60 * 60 * 1000;

/** The service's collection account per fiat currency (EUR, GBP: IBAN and BIC in those two fields). */
export const DEPOSIT_ACCOUNTS: Record<
  FiatCurrency,
  { bank_name: string; account_number: string; routing_number: string }
> = {
  USD: { bank_name: "Settlement Sandbox Bank, N.A.", account_number: "900012345678", routing_number: "011000015" },
  EUR: {
    bank_name: "Settlement Sandbox Bank Europe",
    account_number: "DE89370400440532013000",
    routing_number: "COBADEFFXXX",
  },
  GBP: {
    bank_name: "Settlement Sandbox Bank UK",
    account_number: "GB82WEST12345698765432",
    routing_number: "WESTGB2LXXX",
  },
  MXN: { bank_name: "Settlement Sandbox Banco", account_number: "032180000118359719", routing_number: "032" },
  NGN: { bank_name: "Settlement Sandbox Bank Nigeria", account_number: "0000014579", routing_number: "011" },
  CAD: { bank_name: "Settlement Sandbox Bank Canada", account_number: "1234567", routing_number: "00312345" },
};

/**
 * The collection bank as an environment names it: the sandbox's "Settlement Sandbox Bank …";
 * production's under the configured name (PRODUCTION_BANK_NAME, default "Settlement Clearing
 * Bank"), so production instructions never name a sandbox bank (issue 35, finding 16).
 */
export function depositAccount(
  currency: FiatCurrency,
  environment: Environment,
  productionBankName = DEFAULT_PRODUCTION_BANK_NAME,
) {
  const account = DEPOSIT_ACCOUNTS[currency];
  if (environment === "sandbox") return account;
  return {
    ...account,
    bank_name: account.bank_name
      .replace("Settlement Sandbox Bank", productionBankName)
      .replace("Settlement Sandbox Banco", productionBankName),
  };
}
export const DEFAULT_PRODUCTION_BANK_NAME = "Settlement Clearing Bank";

/** The reference a fiat payer includes with the deposit: unique per request. */
export function depositMessage(requestId: string): string {
  return `SR-${requestId.replace(/-/g, "").slice(0, 16).toUpperCase()}`;
}

export function validUntil(source: ResolvedSource, createdAt: Date): Date {
  return new Date(createdAt.getTime() + (isCryptoSource(source) ? CRYPTO_VALIDITY_MS : FIAT_VALIDITY_MS));
}

/** payment_instructions for the inbound payment, per source kind (decisions D5). */
export function paymentInstructions(
  requestId: string,
  source: ResolvedSource,
  q: Quote,
  until: Date,
  environment: Environment = "sandbox",
  productionBankName?: string,
): PaymentInstructions {
  const priced = { ...toPaymentInstructionsQuote(q), valid_until: until.toISOString() };
  if (isCryptoSource(source)) {
    return {
      ...priced,
      currency: source.currency,
      chain: source.rail,
      wallet_address: depositAddress(source.rail, requestId),
    };
  }
  return {
    ...priced,
    rail: source.rail,
    ...depositAccount(source.currency, environment, productionBankName),
    deposit_message: depositMessage(requestId),
  };
}
