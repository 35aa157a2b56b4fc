/**
 * Where each status of every status list stands (issue 34): one typed table per list, so a
 * status added to a list without a phase does not compile. The console's colours derive from
 * it (components/ui/status-tone.ts). Browser-safe.
 *
 * - success: it went through; failure: it did not, and someone must look;
 * - pending: nothing has happened yet (waiting for funds, for a start);
 * - moving: under way, or held for a review: pending with attention (the "pending",
 *   split in two so a request in flight reads differently from one nobody has touched);
 * - neutral: it ended without success or failure (canceled, expired, refunded, disabled).
 */
import type { DisbursementStatus } from "./disbursements";
import type { PaymentStatus, SandboxSettlementStatus } from "./statuses";
import type { V1PaymentStatus } from "./v1-payments";
import type { WebhookDeliveryStatus, WebhookStatus } from "./webhooks";

export type Phase = "success" | "failure" | "pending" | "moving" | "neutral";

export const SETTLEMENT_STATUS_PHASES: Record<SandboxSettlementStatus, Phase> = {
  REQUEST_STARTED: "pending",
  FUNDS_SENT: "moving",
  FUNDS_RECEIVING_LATE: "moving",
  AWAITING_PAYIN_RECONCILIATION: "moving",
  PAYIN_UNDER_REVIEW: "moving",
  SETTLEMENT_SENT: "moving",
  PAYOUT_UNDER_REVIEW: "moving",
  SETTLEMENT_COMPLETED: "success",
  REQUEST_COMPLETED: "success",
  PAYIN_AMOUNT_MISMATCH: "failure",
  PAYIN_FAILED: "failure",
  PAYOUT_FAILED: "failure",
  REQUEST_EXPIRED: "neutral",
  REQUEST_CANCELED: "neutral",
  REQUEST_REFUNDED: "neutral",
  PAYIN_CANCELED: "neutral",
  PAYOUT_CANCELED: "neutral",
};

export const PAYMENT_STATUS_PHASES: Record<PaymentStatus, Phase> = {
  AWAITING_FUNDS: "pending",
  PENDING: "pending",
  SCHEDULED: "pending",
  PROCESSING: "moving",
  SENT: "moving",
  UNDER_REVIEW: "moving",
  COMPLETED: "success",
  FAILED: "failure",
  CANCELED: "neutral",
  EXPIRED: "neutral",
  REFUNDED: "neutral",
};

export const DISBURSEMENT_STATUS_PHASES: Record<DisbursementStatus, Phase> = {
  PENDING: "pending",
  PROCESSING: "moving",
  COMPLETED: "success",
  FAILED: "failure",
};

export const V1_PAYMENT_STATUS_PHASES: Record<V1PaymentStatus, Phase> = {
  CREATED: "pending",
  PROCESSING: "moving",
  COMPLETED: "success",
  FAILED: "failure",
  EXPIRED: "neutral",
};

export const WEBHOOK_STATUS_PHASES: Record<WebhookStatus, Phase> = { ACTIVE: "success", DISABLED: "neutral" };

export const WEBHOOK_DELIVERY_STATUS_PHASES: Record<WebhookDeliveryStatus, Phase> = {
  PENDING: "pending",
  SUCCEEDED: "success",
  FAILED: "failure",
};

/** Statuses whose screens keep refreshing: those still pending or under way, of one list. */
export function unfinished<S extends string>(phases: Record<S, Phase>): ReadonlySet<S> {
  return new Set((Object.keys(phases) as S[]).filter((s) => phases[s] === "pending" || phases[s] === "moving"));
}
