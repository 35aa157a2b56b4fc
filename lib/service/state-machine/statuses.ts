import "server-only";

import type { PaymentStatus, SandboxSettlementStatus, SettlementStatus } from "@/lib/schemas/catalog";

/** Statuses that end a settlement request (decisions D7). Only a sandbox PATCH leaves them. */
export const FINAL_REQUEST_STATUSES = [
  "REQUEST_EXPIRED",
  "REQUEST_CANCELED",
  "REQUEST_COMPLETED",
  "REQUEST_REFUNDED",
  "PAYIN_CANCELED",
  "PAYIN_FAILED",
  "PAYOUT_CANCELED",
  "PAYOUT_FAILED",
] as const satisfies readonly SettlementStatus[];
export type FinalRequestStatus = (typeof FINAL_REQUEST_STATUSES)[number];

const FINAL = new Set<string>(FINAL_REQUEST_STATUSES);

/** AWAITING_PAYIN_RECONCILIATION (sandbox only) is not final. */
export function isFinalRequestStatus(status: SandboxSettlementStatus): status is FinalRequestStatus {
  return FINAL.has(status);
}

/** The two sides of a request: the inbound payment is the PAYIN, the outbound the PAYOUT. */
export type PaymentType = "PAYIN" | "PAYOUT";

/** The document's `failure_code` enumeration (decisions D7's UNDERPAYMENT/OVERPAYMENT, in full). */
export const FAILURE_CODES = ["AMOUNT_MISMATCH_UNDERPAYMENT", "AMOUNT_MISMATCH_OVERPAYMENT"] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** What a move writes into `failure_code` and `failure_reason`. */
export interface FailureFields {
  code: FailureCode | null;
  reason: string;
}

/** Why a status changed; every history row carries one (decisions D7). */
export const HISTORY_CAUSES = ["api", "sandbox", "payment", "scheduler"] as const;
export type HistoryCause = (typeof HISTORY_CAUSES)[number];

/** One row of `GET /v0/settlement-requests/{id}/history`; the creation row has `from: null`. */
export interface HistoryEntry {
  at: string;
  from: SandboxSettlementStatus | null;
  to: SandboxSettlementStatus;
  cause: HistoryCause;
  payment_id?: string;
  detail?: string;
}

/** Changes a plan makes to the request's two payments (absent: unchanged). */
export interface PaymentChanges {
  inbound?: PaymentStatus;
  outbound?: PaymentStatus;
}

/** The message of every `409 invalid_transition`. */
export function invalidMoveMessage(from: string, to: string): string {
  return `cannot move from ${from} to ${to}`;
}
