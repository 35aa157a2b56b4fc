import {
  bigserial,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { DisbursementStatus, V1PaymentStatus } from "@/lib/state-machine";
import { LEDGER_MOVEMENTS } from "@/lib/schemas/statement";

type Env = "sandbox" | "production";
const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/** Money: numeric, read back as a string and handed to decimal.js as is (decisions D4). */
const money = (name: string) => numeric(name, { precision: 38, scale: 8 });

/**
 * The pre-funded balance per account, environment and currency (decisions D10). Derived from the
 * ledger and kept in step with it in the same transaction; CHECKs forbid a negative part and
 * a total that is not available + reserved.
 */
export const balances = pgTable(
  "balances",
  {
    accountId: text("account_id").notNull(),
    environment: text("environment").$type<Env>().notNull(),
    currency: text("currency").notNull(),
    total: money("total").notNull(),
    available: money("available").notNull(),
    reserved: money("reserved").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment, t.currency] })],
);

/** The ledger's kinds of movement: the statement's, on the wire (one list). */
export const LEDGER_KINDS = LEDGER_MOVEMENTS;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_REF_TYPES = ["disbursement", "v1_payment", "operator", "seed", "sandbox"] as const;
export type LedgerRefType = (typeof LEDGER_REF_TYPES)[number];

/**
 * Append-only ledger. Each entry moves `available_delta` and `reserved_delta`; the balance's
 * available, reserved and total are the sums of the deltas (total = both together).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    accountId: text("account_id").notNull(),
    environment: text("environment").$type<Env>().notNull(),
    currency: text("currency").notNull(),
    kind: text("kind").$type<LedgerKind>().notNull(),
    availableDelta: money("available_delta").notNull(),
    reservedDelta: money("reserved_delta").notNull(),
    refType: text("ref_type").$type<LedgerRefType>().notNull(),
    refId: text("ref_id"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("ledger_entries_balance_idx").on(t.accountId, t.environment, t.currency),
    index("ledger_entries_ref_idx").on(t.refType, t.refId),
  ],
);

/** One id per (account, chain, address): a disbursement's `destination_id` (decisions D10). */
export const disbursementDestinations = pgTable(
  "disbursement_destinations",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    chain: text("chain").notNull(),
    /** The address as first sent; `addressKey` is the comparable form (EVM: lower case). */
    walletAddress: text("wallet_address").notNull(),
    addressKey: text("address_key").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [uniqueIndex("disbursement_destinations_key").on(t.accountId, t.chain, t.addressKey)],
);

export const disbursements = pgTable(
  "disbursements",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    environment: text("environment").$type<Env>().notNull(),
    destinationId: text("destination_id").notNull(),
    chain: text("chain").notNull(),
    walletAddress: text("wallet_address").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<DisbursementStatus>().notNull(),
    paymentId: text("payment_id").notNull(),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    transactionHash: text("transaction_hash"),
    /** When the simulated rail takes its next step; null once final. */
    nextStepAt: at("next_step_at"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
    completedAt: at("completed_at"),
  },
  (t) => [
    index("disbursements_account_idx").on(t.accountId, t.environment, t.createdAt),
    index("disbursements_due_idx").on(t.nextStepAt),
  ],
);

/** The earlier /v1 payments (type LIQUIDITY). */
export const v1Payments = pgTable(
  "v1_payments",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    environment: text("environment").$type<Env>().notNull(),
    referenceId: text("reference_id").notNull().unique(),
    status: text("status").$type<V1PaymentStatus>().notNull(),
    amount: money("amount").notNull(),
    currencyCode: text("currency_code").notNull(),
    chain: text("chain").notNull(),
    destinationWallet: text("destination_wallet").notNull(),
    networkFee: money("network_fee").notNull(),
    accountHolder: jsonb("account_holder").$type<Record<string, unknown>>(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull(),
    transactionHash: text("transaction_hash"),
    failureReason: text("failure_reason"),
    expiresAt: at("expires_at").notNull(),
    /** When the simulated on-chain confirmation lands (set by the notification). */
    confirmAt: at("confirm_at"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
    completedAt: at("completed_at"),
  },
  (t) => [
    index("v1_payments_account_idx").on(t.accountId, t.environment, t.createdAt),
    index("v1_payments_expiry_idx").on(t.status, t.expiresAt),
    index("v1_payments_confirm_idx").on(t.status, t.confirmAt),
  ],
);
