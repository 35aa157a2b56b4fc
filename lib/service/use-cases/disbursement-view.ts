import "server-only";
import { toCanonical } from "@/lib/money/decimal";
import type { Chain, Stablecoin } from "@/lib/schemas/catalog";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { notFound } from "../errors";
import type { Executor } from "@/lib/db/database";
import { findDisbursement, type DisbursementRow } from "../store/disbursements";
import type { Scope } from "../store/scope";

/** A disbursement as the API shows it, and the read the use cases share (404 for anyone else's). */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function disbursementToWire(row: DisbursementRow): Disbursement {
  return {
    id: row.id,
    destination_id: row.destinationId,
    amount: toCanonical(row.amount),
    currency: row.currency as Stablecoin,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: iso(row.completedAt),
    payment_id: row.paymentId,
    failure_reason: row.failureCode ? { code: row.failureCode, message: row.failureMessage ?? "" } : null,
    chain: row.chain as Chain,
    wallet_address: row.walletAddress,
  };
}

/** The disbursement of this owner, locked for update when `lock`; 404 for anyone else's. */
export async function loadDisbursement(tx: Executor, owner: Scope, id: string, lock = false): Promise<DisbursementRow> {
  const row = await findDisbursement(tx, owner, id, { lock });
  if (!row) throw notFound("Disbursement");
  return row;
}
