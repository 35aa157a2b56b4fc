/**
 * The settlement request as create, get, update and list return it, its payment summaries,
 * payment_instructions (decisions D5) and the history extension (decisions D7).
 */
import { z } from "@/lib/schemas/zod";
import { canonicalAmountString, decimalString } from "./amount";
import { CHAINS, CURRENCIES, FIAT_RAILS, PAYMENT_REASONS, RAILS, SETTLEMENT_TYPES, STABLECOINS } from "./catalog";
import {
  PAYMENT_STATUSES,
  SANDBOX_SETTLEMENT_STATUSES,
  FAILURE_CODES,
  HISTORY_CAUSES,
  PAYMENT_TYPES,
} from "@/lib/state-machine/statuses";
import { isoTimestamp, metadataOutput } from "./common";
import { destinationOutputSchema } from "./destination-output";

export const paymentSummarySchema = z
  .object({
    id: z.string(),
    type: z.enum(PAYMENT_TYPES),
    status: z.enum(PAYMENT_STATUSES),
    amount: canonicalAmountString,
    currency: z.enum(CURRENCIES),
    created_at: isoTimestamp,
  })
  .meta({ id: "PaymentSummary" });
export type PaymentSummary = z.output<typeof paymentSummarySchema>;

export const instructionFeeSchema = z
  .object({ fixed: z.number(), variable: z.number(), total: z.number() })
  .meta({ description: "fixed and total in source units; variable as a fraction" });

const instructionCommon = {
  currency: z.enum(CURRENCIES),
  amount: decimalString.meta({ description: "Amount to send, in the source currency" }),
  destination_amount: decimalString,
  destination_currency: z.enum(CURRENCIES),
  exchange_rate: decimalString,
  fee: instructionFeeSchema,
  valid_until: isoTimestamp.meta({
    description: "Stablecoin sources: 30 minutes after creation; fiat sources: 2 days",
  }),
};

export const cryptoPaymentInstructionsSchema = z
  .object({
    ...instructionCommon,
    currency: z.enum(STABLECOINS),
    chain: z.enum(CHAINS),
    wallet_address: z.string(),
  })
  .meta({ id: "CryptoPaymentInstructions" });

export const fiatPaymentInstructionsSchema = z
  .object({
    ...instructionCommon,
    rail: z.enum(FIAT_RAILS),
    bank_name: z.string(),
    account_number: z.string().meta({ description: "For EUR: the IBAN" }),
    routing_number: z.string().meta({ description: "For EUR: the BIC" }),
    deposit_message: z.string().meta({ description: "Reference the payer includes with the deposit" }),
  })
  .meta({ id: "FiatPaymentInstructions" });

export const paymentInstructionsSchema = z.union([cryptoPaymentInstructionsSchema, fiatPaymentInstructionsSchema]);
export type PaymentInstructions = z.output<typeof paymentInstructionsSchema>;
export type CryptoPaymentInstructions = z.output<typeof cryptoPaymentInstructionsSchema>;
export type FiatPaymentInstructions = z.output<typeof fiatPaymentInstructionsSchema>;

export const settlementSourceOutputSchema = z
  .object({
    currency: z.enum(CURRENCIES),
    rail: z.enum(RAILS),
    wallet_address: z.string().nullish(),
    country_code: z.string().nullish(),
  })
  .meta({ id: "SettlementSource" });

export const settlementRequestSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(SETTLEMENT_TYPES),
    payment_reason: z.enum(PAYMENT_REASONS),
    status: z.enum(SANDBOX_SETTLEMENT_STATUSES),
    amount: canonicalAmountString,
    destination: destinationOutputSchema,
    source: settlementSourceOutputSchema,
    payment_instructions: paymentInstructionsSchema,
    inbound_payment: paymentSummarySchema.meta({ description: "The PAYIN, received from an external source" }),
    outbound_payment: paymentSummarySchema.meta({
      description: "The PAYOUT, from the pre-funded wallet to the destination",
    }),
    external_id: z.string().nullish(),
    metadata: metadataOutput,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
    processing_at: isoTimestamp.nullish(),
    completed_at: isoTimestamp.nullish(),
    reconciliation_expected_at: isoTimestamp.nullish(),
    failure_code: z.enum(FAILURE_CODES).nullish(),
    failure_reason: z.string().nullish(),
  })
  .meta({ id: "SettlementRequest" });
export type SettlementRequest = z.output<typeof settlementRequestSchema>;

export const settlementHistoryEntrySchema = z
  .object({
    at: isoTimestamp,
    from: z.enum(SANDBOX_SETTLEMENT_STATUSES).nullable().meta({ description: "null for the creation" }),
    to: z.enum(SANDBOX_SETTLEMENT_STATUSES),
    cause: z.enum(HISTORY_CAUSES),
    payment_id: z.string().optional(),
    detail: z.string().optional(),
  })
  .meta({ id: "SettlementHistoryEntry" });
export type SettlementHistoryEntry = z.output<typeof settlementHistoryEntrySchema>;

/** GET /v0/settlement-requests/{id}/history (extension): oldest first. */
export const settlementHistorySchema = z
  .object({ data: z.array(settlementHistoryEntrySchema) })
  .meta({ id: "SettlementHistory", "x-extension": true });
export type SettlementHistory = z.output<typeof settlementHistorySchema>;
