import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { toCanonical } from "@/lib/money/decimal";
import type { Chain } from "@/lib/schemas/catalog";
import type { V1Payment } from "@/lib/schemas/v1-payment";
import { notFound } from "../errors";
import type { Executor } from "../store/db";
import { v1Payments } from "../store/schema";
import type { Owner } from "./disbursement-records";

export type V1PaymentRow = typeof v1Payments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The reference the payer quotes in the notification: "REF-" + 12 unambiguous characters. */
export function newReferenceId(): string {
  return `REF-${Array.from(randomBytes(12), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("")}`;
}

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

const ownedBy = (owner: Owner) => and(eq(v1Payments.accountId, owner.accountId), eq(v1Payments.environment, owner.environment));

/** The payment of this owner (locked when asked); 404 for anyone else's. */
export async function loadV1Payment(tx: Executor, owner: Owner, by: { id: string } | { referenceId: string }, lock = false): Promise<V1PaymentRow> {
  const match = "id" in by ? eq(v1Payments.id, by.id) : eq(v1Payments.referenceId, by.referenceId);
  const query = tx.select().from(v1Payments).where(and(ownedBy(owner), match));
  const rows = lock ? await query.for("update") : await query;
  const row = rows[0];
  if (!row) throw notFound("id" in by ? "Payment" : `Payment with reference_id ${by.referenceId}`);
  return row;
}
