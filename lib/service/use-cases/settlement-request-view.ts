import "server-only";
import { toCanonical } from "@/lib/money/decimal";
import { maskTail } from "@/lib/schemas/mask";
import { isTransactionIdRemoved } from "@/lib/schemas/settlement-request";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import type { PaymentSummary } from "@/lib/schemas/settlement-request-response";
import type { PaymentRow } from "../store/payments";
import type { SettlementRequestRow } from "../store/settlement-requests";

/** Bank identifiers shown masked to their last four characters (decisions D5). */
const MASKED_FIELDS = ["account_number", "iban", "clabe"] as const;

export function maskDestination(destination: Record<string, unknown>): SettlementRequest["destination"] {
  const out: Record<string, unknown> = { ...destination, is_third_party: destination.is_third_party === true };
  for (const field of MASKED_FIELDS) {
    const value = out[field];
    if (typeof value === "string") out[field] = maskTail(value);
  }
  return out as SettlementRequest["destination"];
}

export function toPaymentSummary(p: PaymentRow): PaymentSummary {
  return {
    id: p.id,
    type: p.type,
    status: p.status,
    amount: toCanonical(p.amount),
    currency: p.currency as PaymentSummary["currency"],
    created_at: p.createdAt.toISOString(),
  };
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export type SettlementRequestView = SettlementRequest & { transaction_id?: string | null };

/**
 * The settlement request as create, get, PUT, list and webhooks return it. Before the
 * transaction_id cut-off the deprecated alias echoes external_id; after it, it is absent.
 */
export function toSettlementRequest(
  row: SettlementRequestRow,
  payments: readonly PaymentRow[],
  now: Date,
): SettlementRequestView {
  const inbound = payments.find((p) => p.type === "PAYIN" && p.settlementRequestId === row.id);
  const outbound = payments.find((p) => p.type === "PAYOUT" && p.settlementRequestId === row.id);
  if (!inbound || !outbound) throw new Error(`settlement request ${row.id} is missing a payment`);
  const view: SettlementRequestView = {
    id: row.id,
    type: row.type as SettlementRequest["type"],
    payment_reason: row.paymentReason as SettlementRequest["payment_reason"],
    status: row.status,
    amount: toCanonical(row.amount),
    destination: maskDestination(row.destination),
    source: row.source as SettlementRequest["source"],
    payment_instructions: row.paymentInstructions as SettlementRequest["payment_instructions"],
    inbound_payment: toPaymentSummary(inbound),
    outbound_payment: toPaymentSummary(outbound),
    external_id: row.externalId,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    processing_at: iso(row.processingAt),
    completed_at: iso(row.completedAt),
    reconciliation_expected_at: iso(row.reconciliationExpectedAt),
    failure_code: row.failureCode as SettlementRequest["failure_code"],
    failure_reason: row.failureReason,
  };
  if (!isTransactionIdRemoved(now)) view.transaction_id = row.externalId;
  return view;
}
