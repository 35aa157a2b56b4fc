import { bigserial, index, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Environment } from "@/lib/schemas/catalog";
import type { HistoryCause, PaymentStatus, PaymentType, SandboxSettlementStatus } from "@/lib/state-machine";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Settlement requests (decisions D5, §7). `destination`, `source` and `payment_instructions` are
 * kept as validated (unmasked); responses mask. Money is `numeric` (comes back as a string).
 */
export const settlementRequests = pgTable(
  "settlement_requests",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    environment: text("environment").$type<Environment>().notNull(),
    type: text("type").notNull(),
    paymentReason: text("payment_reason").notNull(),
    status: text("status").$type<SandboxSettlementStatus>().notNull(),
    amount: numeric("amount").notNull(),
    destination: jsonb("destination").$type<Record<string, unknown>>().notNull(),
    source: jsonb("source").$type<Record<string, unknown>>().notNull(),
    paymentInstructions: jsonb("payment_instructions").$type<Record<string, unknown>>().notNull(),
    externalId: text("external_id"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    /** The create-time override (reconciliation_expected_at in the create body). */
    reconciliationOverride: ts("reconciliation_override"),
    reconciliationExpectedAt: ts("reconciliation_expected_at"),
    /** payment_instructions.valid_until, as a column for the scheduler. */
    validUntil: ts("valid_until").notNull(),
    processingAt: ts("processing_at"),
    completedAt: ts("completed_at"),
    failureCode: text("failure_code"),
    failureReason: text("failure_reason"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("settlement_requests_list_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("settlement_requests_external_idx").on(t.accountId, t.environment, t.externalId),
    index("settlement_requests_status_idx").on(t.status),
  ],
);

/** Every status move of a request: time, from, to, cause (decisions D7 history extension). */
export const settlementRequestHistory = pgTable(
  "settlement_request_history",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    settlementRequestId: text("settlement_request_id").notNull(),
    at: ts("at").notNull(),
    fromStatus: text("from_status").$type<SandboxSettlementStatus>(),
    toStatus: text("to_status").$type<SandboxSettlementStatus>().notNull(),
    cause: text("cause").$type<HistoryCause>().notNull(),
    paymentId: text("payment_id"),
    detail: text("detail"),
  },
  (t) => [index("settlement_request_history_req_idx").on(t.settlementRequestId, t.seq)],
);

/** One side of a payment as responses show it (amounts canonical strings). */
export interface PaymentParty {
  amount: string;
  currency: string;
  rail: string;
  wallet_address?: string | null;
}

/**
 * Payments: a settlement request's PAYIN and PAYOUT, and a disbursement's outbound payment
 * (exactly one of settlement_request_id and disbursement_id is set). `amount`/`currency`/`rail`
 * describe the money moved; `source`/`destination` the two parties; `transaction_hash` is shown
 * on both sides. `status_changed_at` times the simulated rails.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    environment: text("environment").$type<Environment>().notNull(),
    type: text("type").$type<PaymentType>().notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    settlementRequestId: text("settlement_request_id"),
    disbursementId: text("disbursement_id"),
    amount: numeric("amount").notNull(),
    currency: text("currency").notNull(),
    rail: text("rail").notNull(),
    source: jsonb("source").$type<PaymentParty>().notNull(),
    destination: jsonb("destination").$type<PaymentParty>().notNull(),
    transactionHash: text("transaction_hash"),
    /** What actually arrived (inbound; set by a sandbox PATCH with amount). */
    receivedAmount: numeric("received_amount"),
    fee: numeric("fee").notNull().default("0"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    failureReason: text("failure_reason"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    statusChangedAt: ts("status_changed_at").notNull(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    index("payments_list_idx").on(t.accountId, t.environment, t.createdAt, t.id),
    index("payments_request_idx").on(t.settlementRequestId),
    index("payments_disbursement_idx").on(t.disbursementId),
    index("payments_status_idx").on(t.status),
  ],
);
