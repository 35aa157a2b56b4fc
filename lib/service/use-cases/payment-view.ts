import "server-only";
import { toCanonical } from "@/lib/money/decimal";
import type { Payment } from "@/lib/schemas/payment";
import type { PaymentParty } from "../store/schema";
import type { PaymentRow } from "../store/payments";

function party(p: PaymentParty, transactionHash: string | null): Payment["source"] {
  return {
    amount: toCanonical(p.amount),
    currency: p.currency as Payment["source"]["currency"],
    rail: p.rail as Payment["source"]["rail"],
    wallet_address: p.wallet_address ?? null,
    transaction_hash: transactionHash,
  };
}

/**
 * A payment as GET /v0/payments/{id} returns it: settlement request payments and disbursement
 * payments alike. transaction_hash is shown on both parties (one transfer moves between them).
 */
export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    source: party(row.source, row.transactionHash),
    destination: party(row.destination, row.transactionHash),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    settlement_request_id: row.settlementRequestId,
    disbursement_id: row.disbursementId,
    fee: toCanonical(row.fee),
    metadata: row.metadata,
    failure_reason: row.failureReason,
    received_amount: row.receivedAmount === null ? null : toCanonical(row.receivedAmount),
  };
}
