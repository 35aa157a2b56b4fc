/**
 * The settlement request destination (create body), one member per currency (decisions D5).
 * Bank fields sit flat on `destination`; the shape follows BANK_SHAPE_BY_CURRENCY. Every issue
 * carries the path of the field it is about (relative to `destination`).
 */
import { z } from "@/lib/schemas/zod";
import { abaRoutingProblem } from "@/lib/validators/aba";
import { clabeProblem } from "@/lib/validators/clabe";
import {
  gbSortCodeFromIban,
  ibanCountry,
  ibanProblem,
  isValidBic,
  isValidSortCode,
  normalizeIban,
} from "@/lib/validators/iban";
import { isValidNgnBankCode, nubanProblem } from "@/lib/validators/nuban";
import { walletAddressProblem } from "@/lib/validators/wallet";
import { settlementAmountInput } from "./amount";
import { beneficiarySchema } from "./beneficiary";
import {
  CURRENCIES,
  FIAT_COUNTRIES,
  FIAT_RAILS_BY_CURRENCY,
  STABLECOIN_CHAINS,
  unsupportedLeg,
  type FiatCurrency,
  type Stablecoin,
} from "./catalog";
import { discriminatorMessage, enumMessage, text } from "./common";
import { ACCOUNT_TYPES } from "./enums";

/** Error map for a rail enum: the catalog's reason why the (currency, rail) pair is not offered. */
function railMessage(currency: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? undefined : `Unsupported route: ${unsupportedLeg(currency, String(issue.input))}`;
}

const shared = {
  // Optional, false when left out (the service's view says so): no `default` in the document, so
  // generators with their default flags (openapi-typescript) keep it optional in what a client sends.
  is_third_party: z.boolean().optional().meta({ description: "Defaults to false" }),
  /** Used by STABLECOIN_TO_FIAT and FIAT_TO_FIAT (the rules per type sit on the create body). */
  amount: settlementAmountInput.optional(),
};

function cryptoDestination(currency: Stablecoin) {
  return z
    .object({
      currency: z.literal(currency),
      rail: z.enum(STABLECOIN_CHAINS[currency], { error: railMessage(currency) }),
      wallet_address: z.string().min(1).max(128).meta({
        description:
          "EVM: 0x + 40 hex (EIP-55 checksum when mixed case); SOLANA: base58, 32 bytes; TRON: base58check, T…",
      }),
      beneficiary: beneficiarySchema.optional(),
      ...shared,
    })
    .superRefine((d, ctx) => {
      const problem = walletAddressProblem(d.rail, d.wallet_address);
      if (problem) ctx.addIssue({ code: "custom", path: ["wallet_address"], message: `Wallet address ${problem}` });
    })
    .meta({
      id: `Destination${currency}`,
      description: `${currency} to a wallet on one of ${STABLECOIN_CHAINS[currency].join(", ")}`,
    });
}

function fiatRail(currency: FiatCurrency) {
  return z.enum(FIAT_RAILS_BY_CURRENCY[currency], { error: railMessage(currency) });
}

const routingNumber = z
  .string()
  .superRefine((v, ctx) => {
    const problem = abaRoutingProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: `Routing number ${problem}` });
  })
  .meta({ description: "ABA routing number: 9 digits, checksum verified", example: "011000015" });

/** An IBAN (printed format accepted, stored electronic) held in one of `countries`. */
function ibanField(currency: FiatCurrency) {
  const countries = FIAT_COUNTRIES[currency];
  return z
    .string()
    .max(64)
    .superRefine((v, ctx) => {
      const problem = ibanProblem(v);
      if (problem) {
        ctx.addIssue({ code: "custom", message: `IBAN ${problem}` });
        return;
      }
      const country = ibanCountry(v);
      if (country && !countries.includes(country)) {
        ctx.addIssue({
          code: "custom",
          message: `IBAN country ${country} cannot receive ${currency} (accounts in ${countries.join(", ")})`,
        });
      }
    })
    .transform(normalizeIban)
    .meta({
      description: `IBAN of an account in ${countries.join(", ")}; spaces are removed. The beneficiary may live in another country`,
    });
}

const bic = z
  .string()
  .refine(isValidBic, "BIC must be 8 or 11 characters: 4-letter bank, 2-letter country, 2 location, optional 3 branch")
  .meta({ description: "BIC (8 or 11 characters)", example: "COBADEFFXXX" });

const fiatBeneficiary = beneficiarySchema.meta({ description: "Required for fiat destinations" });

export const usdDestinationSchema = z
  .object({
    currency: z.literal("USD"),
    rail: fiatRail("USD"),
    bank_name: text(),
    account_number: z
      .string()
      .regex(/^\d{4,17}$/, "Account number must be 4 to 17 digits")
      .meta({ description: "4 to 17 digits" }),
    routing_number: routingNumber,
    account_type: z.enum(ACCOUNT_TYPES, { error: enumMessage(ACCOUNT_TYPES) }),
    beneficiary: fiatBeneficiary,
    ...shared,
  })
  .meta({ id: "DestinationUSD", description: "US bank account (ABA routing number)" });

export const eurDestinationSchema = z
  .object({
    currency: z.literal("EUR"),
    rail: fiatRail("EUR"),
    iban: ibanField("EUR"),
    bic: bic.optional(),
    bank_name: text().optional(),
    beneficiary: fiatBeneficiary,
    ...shared,
  })
  .meta({ id: "DestinationEUR", description: "Bank account (IBAN) in any country of the SEPA scheme" });

export const gbpDestinationSchema = z
  .object({
    currency: z.literal("GBP"),
    rail: fiatRail("GBP"),
    iban: ibanField("GBP"),
    sort_code: z
      .string()
      .refine(isValidSortCode, "Sort code must be exactly 6 digits, no dashes")
      .meta({ description: "6 digits, no dashes; must match the IBAN's", example: "123456" }),
    bic: bic.optional(),
    bank_name: text().optional(),
    beneficiary: fiatBeneficiary,
    ...shared,
  })
  .superRefine((d, ctx) => {
    const inIban = gbSortCodeFromIban(d.iban);
    if (inIban && inIban !== d.sort_code) {
      ctx.addIssue({ code: "custom", path: ["sort_code"], message: `Sort code does not match the IBAN's (${inIban})` });
    }
  })
  .meta({ id: "DestinationGBP", description: "UK bank account (IBAN and sort code)" });

export const mxnDestinationSchema = z
  .object({
    currency: z.literal("MXN"),
    rail: fiatRail("MXN"),
    clabe: z
      .string()
      .superRefine((v, ctx) => {
        const problem = clabeProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: `CLABE ${problem}` });
      })
      .meta({ description: "18 digits, check digit verified", example: "032180000118359719" }),
    bank_name: text().optional(),
    beneficiary: fiatBeneficiary,
    ...shared,
  })
  .meta({ id: "DestinationMXN", description: "Mexican bank account (CLABE)" });

export const ngnDestinationSchema = z
  .object({
    currency: z.literal("NGN"),
    rail: fiatRail("NGN"),
    account_number: z
      .string()
      .regex(/^\d{10}$/, "Account number must be exactly 10 digits (NUBAN)")
      .meta({ description: "10-digit NUBAN, check digit verified against bank_code" }),
    bank_code: z
      .string()
      .refine(
        isValidNgnBankCode,
        "Bank code must be the 3-digit CBN code of a bank or the 6-digit code of another institution",
      )
      .meta({ description: "3-digit CBN bank code (e.g. 058), or 6-digit code of another financial institution" }),
    bank_name: text().optional(),
    beneficiary: fiatBeneficiary,
    ...shared,
  })
  .superRefine((d, ctx) => {
    const problem = nubanProblem(d.account_number, d.bank_code);
    if (problem) ctx.addIssue({ code: "custom", path: ["account_number"], message: `Account number ${problem}` });
  })
  .meta({ id: "DestinationNGN", description: "Nigerian bank account (10-digit NUBAN and bank code)" });

export const cadDestinationSchema = z
  .object({
    currency: z.literal("CAD"),
    rail: fiatRail("CAD"),
    institution_number: z
      .string()
      .regex(/^\d{3}$/, "Institution number must be exactly 3 digits")
      .meta({ description: "3-digit financial institution number", example: "003" }),
    transit_number: z
      .string()
      .regex(/^\d{5}$/, "Transit number must be exactly 5 digits")
      .meta({ description: "5-digit branch transit number", example: "12345" }),
    account_number: z
      .string()
      .regex(/^\d{7,12}$/, "Account number must be 7 to 12 digits")
      .meta({ description: "7 to 12 digits" }),
    bank_name: text().optional(),
    beneficiary: fiatBeneficiary,
    ...shared,
  })
  .superRefine((d, ctx) => {
    if (d.beneficiary.address.country_code !== "CA") {
      ctx.addIssue({
        code: "custom",
        path: ["beneficiary", "address", "country_code"],
        message: "CAD EFT payouts go to a beneficiary in CA",
      });
    }
  })
  .meta({
    id: "DestinationCAD",
    description: "Canadian bank account over EFT (institution, transit and account numbers)",
  });

export const usdcDestinationSchema = cryptoDestination("USDC");
export const usdtDestinationSchema = cryptoDestination("USDT");
export const eurcDestinationSchema = cryptoDestination("EURC");

export const destinationInputSchema = z.discriminatedUnion(
  "currency",
  [
    usdcDestinationSchema,
    usdtDestinationSchema,
    eurcDestinationSchema,
    usdDestinationSchema,
    eurDestinationSchema,
    gbpDestinationSchema,
    mxnDestinationSchema,
    ngnDestinationSchema,
    cadDestinationSchema,
  ],
  {
    error: discriminatorMessage(
      "currency",
      (v) => `Unsupported route: ${unsupportedLeg(String(v), "")} (supported: ${CURRENCIES.join(", ")})`,
    ),
  },
);

export type DestinationInput = z.input<typeof destinationInputSchema>;
export type Destination = z.output<typeof destinationInputSchema>;
export type CryptoDestination = Extract<Destination, { currency: Stablecoin }>;
export type FiatDestination = Exclude<Destination, CryptoDestination>;
