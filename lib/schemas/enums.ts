/**
 * Wire enumerations beyond catalog.ts (which holds currencies, routes and statuses).
 * Kept here so catalog.ts stays the route table.
 */
import type { SettlementStatus } from "./catalog";

export const FAILURE_CODES = ["AMOUNT_MISMATCH_UNDERPAYMENT", "AMOUNT_MISMATCH_OVERPAYMENT"] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** Statuses a client may PUT (the document's PUT table). */
export const PUT_SETTLEMENT_STATUSES = [
  "FUNDS_SENT", "REQUEST_COMPLETED", "REQUEST_CANCELED", "PAYIN_CANCELED", "PAYIN_UNDER_REVIEW",
  "PAYIN_FAILED", "PAYIN_AMOUNT_MISMATCH",
] as const satisfies readonly SettlementStatus[];
export type PutSettlementStatus = (typeof PUT_SETTLEMENT_STATUSES)[number];

/** Aliases accepted on PUT, answered with the canonical name (decisions D7). */
export const PUT_STATUS_ALIASES = {
  PROCESSING: "FUNDS_SENT",
  COMPLETED: "REQUEST_COMPLETED",
  CANCELED: "REQUEST_CANCELED",
} as const satisfies Record<string, PutSettlementStatus>;
export type PutStatusAlias = keyof typeof PUT_STATUS_ALIASES;
export const PUT_STATUS_ALIAS_NAMES = ["PROCESSING", "COMPLETED", "CANCELED"] as const satisfies readonly PutStatusAlias[];

/** Settlement request statuses that end a request (decisions D7). */
export const TERMINAL_SETTLEMENT_STATUSES = [
  "REQUEST_EXPIRED", "REQUEST_CANCELED", "REQUEST_COMPLETED", "REQUEST_REFUNDED", "PAYIN_CANCELED",
  "PAYIN_FAILED", "PAYOUT_CANCELED", "PAYOUT_FAILED",
] as const satisfies readonly SettlementStatus[];

export const PAYMENT_TYPES = ["PAYIN", "PAYOUT"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const DISBURSEMENT_STATUSES = ["PENDING", "PROCESSING", "COMPLETED", "FAILED"] as const;
export type DisbursementStatus = (typeof DISBURSEMENT_STATUSES)[number];

export const V1_PAYMENT_STATUSES = ["CREATED", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"] as const;
export type V1PaymentStatus = (typeof V1_PAYMENT_STATUSES)[number];

export const WEBHOOK_STATUSES = ["ACTIVE", "DISABLED"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** What caused a settlement request move (decisions D7 history). */
export const HISTORY_CAUSES = ["api", "sandbox", "payment", "scheduler"] as const;
export type HistoryCause = (typeof HISTORY_CAUSES)[number];

export const ACCOUNT_TYPES = ["CHECKING", "SAVINGS"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const BENEFICIARY_TYPES = ["INDIVIDUAL", "BUSINESS"] as const;
export type BeneficiaryType = (typeof BENEFICIARY_TYPES)[number];
