/**
 * Payments (the inbound PAYIN and outbound PAYOUT of a request, and disbursement payouts).
 */
import { z } from "@/lib/schemas/zod";
import { canonicalAmountString, decimalString } from "./amount";
import { CURRENCIES, RAILS } from "./catalog";
import { PAYMENT_STATUSES, PAYMENT_TYPES } from "@/lib/state-machine/statuses";
import { enumMessage, isoTimestamp } from "./common";
import { pageQuery, rangeAndTotalsQuery } from "./list";

export const paymentPartySchema = z
  .object({
    amount: canonicalAmountString,
    currency: z.enum(CURRENCIES),
    rail: z.enum(RAILS),
    wallet_address: z.string().nullish(),
    transaction_hash: z.string().nullish(),
  })
  .meta({ id: "PaymentParty" });

export const paymentSchema = z
  .object({
    id: z.string(),
    type: z.enum(PAYMENT_TYPES),
    status: z.enum(PAYMENT_STATUSES),
    source: paymentPartySchema,
    destination: paymentPartySchema,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
    completed_at: isoTimestamp.nullish(),
    settlement_request_id: z.string().nullish(),
    disbursement_id: z
      .string()
      .nullish()
      .meta({ description: "The disbursement this payment belongs to; null for a settlement request's payments" }),
    fee: decimalString,
    metadata: z.record(z.string(), z.unknown()),
    failure_reason: z.string().nullish(),
    received_amount: decimalString.nullish().meta({
      description:
        "What actually arrived on an inbound (PAYIN) payment when it differs from what was instructed or was reported (the sandbox's `amount`); null otherwise (extension)",
      "x-extension": true,
    }),
  })
  .meta({ id: "Payment" });
export type Payment = z.output<typeof paymentSchema>;

/** GET /v0/payments query. */
export const paymentListQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(PAYMENT_STATUSES, { error: enumMessage(PAYMENT_STATUSES) }).optional(),
  type: z.enum(PAYMENT_TYPES, { error: enumMessage(PAYMENT_TYPES) }).optional(),
  settlement_request_id: z.string().min(1).max(64).optional(),
  ...rangeAndTotalsQuery,
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;
