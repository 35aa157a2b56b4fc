/**
 * The source of a settlement request (create body), discriminated by rail: a chain (crypto:
 * currency, rail, wallet_address) or a fiat rail (currency, rail, country_code).
 */
import { z } from "@/lib/schemas/zod";
import { walletAddressProblem } from "@/lib/validators/wallet";
import {
  CHAINS,
  FIAT_COUNTRIES,
  FIAT_CURRENCIES,
  FIAT_RAILS,
  STABLECOINS,
  unsupportedLeg,
  type Chain,
  type FiatCurrency,
  type FiatRail,
  type Stablecoin,
} from "./catalog";
import { countryCode, discriminatorMessage, enumMessage } from "./common";

export const cryptoSourceSchema = z
  .object({
    currency: z.enum(STABLECOINS, { error: enumMessage(STABLECOINS) }),
    rail: z.enum(CHAINS),
    wallet_address: z.string().min(1).max(128),
  })
  .superRefine((s, ctx) => {
    const leg = unsupportedLeg(s.currency, s.rail);
    if (leg) {
      ctx.addIssue({ code: "custom", path: ["rail"], message: `Unsupported route: ${leg}` });
      return;
    }
    const problem = walletAddressProblem(s.rail, s.wallet_address);
    if (problem) ctx.addIssue({ code: "custom", path: ["wallet_address"], message: `Wallet address ${problem}` });
  })
  .meta({ id: "CryptoSource", description: "Stablecoin sent from a wallet on a chain" });

export const fiatSourceSchema = z
  .object({
    currency: z.enum(FIAT_CURRENCIES, { error: enumMessage(FIAT_CURRENCIES) }),
    rail: z.enum(FIAT_RAILS),
    country_code: countryCode,
  })
  .superRefine((s, ctx) => {
    const leg = unsupportedLeg(s.currency, s.rail);
    if (leg) ctx.addIssue({ code: "custom", path: ["rail"], message: `Unsupported route: ${leg}` });
    const countries = FIAT_COUNTRIES[s.currency];
    if (!countries.includes(s.country_code)) {
      ctx.addIssue({
        code: "custom",
        path: ["country_code"],
        message: `${s.currency} is paid from ${countries.join(", ")}, not ${s.country_code}`,
      });
    }
  })
  .meta({ id: "FiatSource", description: "Fiat paid in over a bank rail from a country" });

export const sourceInputSchema = z.discriminatedUnion("rail", [cryptoSourceSchema, fiatSourceSchema], {
  error: discriminatorMessage(
    "rail",
    (v) => `Must be a chain (${CHAINS.join(", ")}) or a fiat rail (${FIAT_RAILS.join(", ")}), not ${String(v)}`,
  ),
});

export type SourceInput = z.input<typeof sourceInputSchema>;

/** The source after defaults: a defaulted crypto source has no wallet_address. */
export type ResolvedSource =
  | { currency: Stablecoin; rail: Chain; wallet_address?: string }
  | { currency: FiatCurrency; rail: FiatRail; country_code: string };

/** FIAT_TO_FIAT without a source: USD over ACH from the US (decisions D5). */
export const DEFAULT_FIAT_SOURCE = {
  currency: "USD",
  rail: "ACH",
  country_code: "US",
} as const satisfies ResolvedSource;

export function isCryptoSource(s: ResolvedSource): s is Extract<ResolvedSource, { currency: Stablecoin }> {
  return (CHAINS as readonly string[]).includes(s.rail);
}
