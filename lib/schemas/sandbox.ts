/**
 * Sandbox endpoints (decisions D8): the two status PATCH bodies and GET /v0/sandbox/info.
 */
import { z } from "@/lib/schemas/zod";
import { nonNegativeAmountInput, decimalString, positiveAmountInput } from "./amount";
import { ENVIRONMENTS, STABLECOINS } from "./catalog";
import { sandboxPaymentNeedsFailureReason, sandboxRequestTakesFailureCode } from "@/lib/state-machine/sandbox";
import { FAILURE_CODES, PAYMENT_STATUSES, SANDBOX_SETTLEMENT_STATUSES } from "@/lib/state-machine/statuses";
import { enumMessage, isoTimestamp, text } from "./common";

/** PATCH /v0/sandbox/settlement-requests/{id}/status: any status, no source-state rule. */
export const sandboxSettlementStatusSchema = z
  .object({
    status: z.enum(SANDBOX_SETTLEMENT_STATUSES, { error: enumMessage(SANDBOX_SETTLEMENT_STATUSES) }),
    failure_reason: text(500).optional(),
    failure_code: z.enum(FAILURE_CODES, { error: enumMessage(FAILURE_CODES) }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.failure_code !== undefined && !sandboxRequestTakesFailureCode(b.status)) {
      ctx.addIssue({ code: "custom", path: ["failure_code"], message: "Only with status PAYIN_AMOUNT_MISMATCH" });
    }
  })
  .meta({ id: "SandboxSettlementStatus" });
export type SandboxSettlementStatusBody = z.output<typeof sandboxSettlementStatusSchema>;

/** PATCH /v0/sandbox/payments/{id}/status. */
export const sandboxPaymentStatusSchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES, { error: enumMessage(PAYMENT_STATUSES) }),
    failure_reason: text(500).optional().meta({ description: "Required when status is FAILED" }),
    amount: nonNegativeAmountInput
      .optional()
      .meta({ description: "Amount received, to simulate a mismatch on an inbound payment (with COMPLETED)" }),
  })
  .superRefine((b, ctx) => {
    if (sandboxPaymentNeedsFailureReason(b.status) && b.failure_reason === undefined) {
      ctx.addIssue({ code: "custom", path: ["failure_reason"], message: "Required when status is FAILED" });
    }
  })
  .meta({ id: "SandboxPaymentStatus" });
export type SandboxPaymentStatusInput = z.input<typeof sandboxPaymentStatusSchema>;
export type SandboxPaymentStatusBody = z.output<typeof sandboxPaymentStatusSchema>;

export const balanceSchema = z
  .object({
    currency: z.string(),
    total_balance: decimalString,
    available_balance: decimalString,
    reserved_balance: decimalString,
  })
  .meta({ id: "Balance" });
export type Balance = z.output<typeof balanceSchema>;

export const sandboxInfoSchema = z
  .object({
    environment: z.enum(ENVIRONMENTS),
    account: z.object({ id: z.string(), name: z.string() }),
    balances: z.array(balanceSchema),
    supported: z.object({
      currencies: z.array(z.string()),
      rails: z.array(z.string()),
      chains: z.array(z.string()),
    }),
    rate_limit: z.object({ limit: z.number().int(), window_seconds: z.number().int() }),
    server_time: isoTimestamp,
  })
  .meta({ id: "SandboxInfo" });
export type SandboxInfo = z.output<typeof sandboxInfoSchema>;

/** The sandbox clock (extension, decision D8.3). */
export const SANDBOX_CLOCK_MAX_ADVANCE_SECONDS = 2_592_000;
export const sandboxClockSchema = z
  .object({
    now: isoTimestamp.meta({ description: "The account's sandbox time" }),
    offset_seconds: z.number().meta({ description: "How far the sandbox clock is ahead of the service's" }),
  })
  .meta({ id: "SandboxClock", "x-extension": true });
export type SandboxClock = z.output<typeof sandboxClockSchema>;

export const sandboxClockAdvanceSchema = z
  .object({
    seconds: z
      .number({ error: "Must be a whole number of seconds" })
      .int("Must be a whole number of seconds")
      .min(1, "Must be at least 1")
      .max(SANDBOX_CLOCK_MAX_ADVANCE_SECONDS, `Must be at most ${SANDBOX_CLOCK_MAX_ADVANCE_SECONDS} (30 days)`),
  })
  .meta({ id: "SandboxClockAdvance", "x-extension": true });
export type SandboxClockAdvance = z.output<typeof sandboxClockAdvanceSchema>;

/** The most one sandbox top-up adds: enough for any rehearsal, not a number that overflows a report. */
export const SANDBOX_FUND_MAX = "10000000";

/** POST /v0/sandbox/balances/fund (extension): adds to the sandbox's pre-funded balance of one stablecoin. */
export const sandboxFundSchema = z
  .object({
    currency: z
      .enum(STABLECOINS, { error: enumMessage(STABLECOINS) })
      .meta({ description: "A stablecoin of the pre-funded balance" }),
    amount: positiveAmountInput.meta({
      description: `What to add, at the currency's places; at most ${SANDBOX_FUND_MAX} at a time`,
    }),
  })
  .meta({ id: "SandboxFund", "x-extension": true });
export type SandboxFundBody = z.output<typeof sandboxFundSchema>;
