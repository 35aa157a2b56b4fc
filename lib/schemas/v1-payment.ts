/**
 * The earlier /v1 payments surface: create body, notification body, the payment and its list
 * query (the document's /v1 section; decisions D10).
 */
import { z } from "@/lib/schemas/zod";
import { walletAddressProblem } from "@/lib/validators/wallet";
import { amountInput, canonicalAmountString } from "./amount";
import { CHAINS, CURRENCY_PRECISION, unsupportedLeg } from "./catalog";
import { V1_PAYMENT_STATUSES, V1_SANDBOX_TARGETS } from "@/lib/state-machine/v1-payments";
import { enumMessage, idempotencyKey, isoTimestamp, text } from "./common";
import { pageQuery } from "./list";

export const V1_CURRENCIES = ["USDC"] as const;

export const v1AccountHolderSchema = z
  .object({
    type: z.literal("INDIVIDUAL"),
    first_name: text(),
    last_name: text(),
    email: z.email().max(255).optional(),
  })
  .meta({ id: "V1AccountHolder" });

export const v1PaymentCreateSchema = z
  .object({
    type: z.literal("LIQUIDITY", { error: "Must be LIQUIDITY" }),
    amount: amountInput(
      { positive: true, maxDecimals: CURRENCY_PRECISION.USDC },
      `Number (a decimal string is accepted), greater than 0, at most ${CURRENCY_PRECISION.USDC} decimals`,
    ),
    currency_code: z.enum(V1_CURRENCIES, { error: enumMessage(V1_CURRENCIES) }),
    chain: z.enum(CHAINS, { error: enumMessage(CHAINS) }),
    destination_wallet: z.string().min(1).max(128),
    account_holder: v1AccountHolderSchema.optional(),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "Free key/value object, returned in all responses" }),
    idempotency_key: idempotencyKey.optional().meta({ description: "Same key and same request: the original payment" }),
  })
  .superRefine((b, ctx) => {
    const leg = unsupportedLeg(b.currency_code, b.chain);
    if (leg) {
      ctx.addIssue({ code: "custom", path: ["chain"], message: `Unsupported route: ${leg}` });
      return;
    }
    const problem = walletAddressProblem(b.chain, b.destination_wallet);
    if (problem) ctx.addIssue({ code: "custom", path: ["destination_wallet"], message: `Wallet address ${problem}` });
  })
  .meta({ id: "V1PaymentCreate" });
export type V1PaymentCreateInput = z.input<typeof v1PaymentCreateSchema>;
export type V1PaymentCreate = z.output<typeof v1PaymentCreateSchema>;

export const v1NotificationSchema = z
  .object({
    type: z.literal("INCOMING_PAYMENT", { error: "Must be INCOMING_PAYMENT" }),
    reference_id: z.string().min(1).max(255),
    rail: z.literal("WIRE", { error: "Must be WIRE" }),
  })
  .meta({ id: "V1PaymentNotification" });
export type V1Notification = z.output<typeof v1NotificationSchema>;

export const v1PaymentSchema = z
  .object({
    id: z.string(),
    type: z.literal("LIQUIDITY"),
    status: z.enum(V1_PAYMENT_STATUSES),
    amount: canonicalAmountString,
    currency_code: z.enum(V1_CURRENCIES),
    chain: z.enum(CHAINS),
    destination_wallet: z.string(),
    reference_id: z.string().meta({ description: "Send it in the notification" }),
    transaction_hash: z.string().nullish(),
    account_holder: v1AccountHolderSchema.nullish(),
    metadata: z.record(z.string(), z.unknown()),
    failure_reason: z.string().nullish(),
    network_fee: canonicalAmountString.optional().meta({
      description: "Network fee of the chain, debited from the balance separately when the transfer confirms",
      example: "0.01000000",
      "x-extension": true,
    }),
    expires_at: isoTimestamp,
    created_at: isoTimestamp,
    completed_at: isoTimestamp.nullish(),
  })
  .meta({ id: "V1Payment" });
export type V1Payment = z.output<typeof v1PaymentSchema>;

export const v1PaymentListQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(V1_PAYMENT_STATUSES, { error: enumMessage(V1_PAYMENT_STATUSES) }).optional(),
});
export type V1PaymentListQuery = z.output<typeof v1PaymentListQuerySchema>;

/** Extension, sandbox only: PATCH /v1/sandbox/payments/{id}/status drives the state table. */
export const v1SandboxPaymentStatusSchema = z
  .object({
    status: z.enum(V1_SANDBOX_TARGETS, { error: enumMessage(V1_SANDBOX_TARGETS) }),
    failure_reason: text(500).optional().meta({ description: "Shown on a FAILED payment" }),
  })
  .meta({ id: "V1SandboxPaymentStatus", "x-extension": true });
export type V1SandboxPaymentStatusBody = z.output<typeof v1SandboxPaymentStatusSchema>;
