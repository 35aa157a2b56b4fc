import "server-only";
import { toCanonical } from "@/lib/money/decimal";
import type { Chain } from "@/lib/schemas/catalog";
import type { V1Payment } from "@/lib/schemas/v1-payment";
import { notFound } from "../errors";
import type { Executor } from "@/lib/db/database";
import type { Scope } from "../store/scope";
import { findV1Payment, type V1PaymentRow } from "../store/v1-payments";

/** A /v1 payment as the API shows it, and the read the use cases share (404 for anyone else's). */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function v1PaymentToWire(row: V1PaymentRow): V1Payment {
  return {
    id: row.id,
    type: "LIQUIDITY",
    status: row.status,
    amount: toCanonical(row.amount),
    currency_code: "USDC",
    chain: row.chain as Chain,
    destination_wallet: row.destinationWallet,
    reference_id: row.referenceId,
    transaction_hash: row.transactionHash,
    account_holder: (row.accountHolder as V1Payment["account_holder"]) ?? null,
    metadata: row.metadata,
    failure_reason: row.failureReason,
    network_fee: toCanonical(row.networkFee),
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    completed_at: iso(row.completedAt),
  };
}

/** The payment of this owner (locked when asked); 404 for anyone else's. */
export async function loadV1Payment(
  tx: Executor,
  owner: Scope,
  by: { id: string } | { referenceId: string },
  lock = false,
): Promise<V1PaymentRow> {
  const row = await findV1Payment(tx, owner, by, { lock });
  if (!row) throw notFound("id" in by ? "Payment" : `Payment with reference_id ${by.referenceId}`);
  return row;
}
