import "server-only";
import { and, eq } from "drizzle-orm";
import { toCanonical } from "@/lib/money/decimal";
import type { Chain, Environment, Stablecoin } from "@/lib/schemas/catalog";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { isEvmChain } from "@/lib/validators/wallet";
import { notFound } from "../errors";
import { newId } from "../ids";
import type { Executor } from "../store/db";
import { disbursementDestinations, disbursements, payments } from "../store/schema";
import type { DisbursementStatus, PaymentStatus } from "@/lib/state-machine";

/** Rows, wire forms and lookups of disbursements and their outbound payments. */

export type DisbursementRow = typeof disbursements.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export interface Owner {
  accountId: string;
  environment: Environment;
}

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

/** The comparable form of an address: EVM addresses are case-insensitive. */
export function addressKey(chain: Chain, address: string): string {
  return isEvmChain(chain) ? address.toLowerCase() : address;
}

/** decisions D10: one destination id per (account, chain, address), made on first use. */
export async function destinationIdFor(tx: Executor, accountId: string, chain: Chain, address: string, at: Date): Promise<string> {
  const key = addressKey(chain, address);
  const inserted = await tx
    .insert(disbursementDestinations)
    .values({ id: newId(), accountId, chain, walletAddress: address, addressKey: key, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: disbursementDestinations.id });
  if (inserted[0]) return inserted[0].id;
  const [found] = await tx
    .select({ id: disbursementDestinations.id })
    .from(disbursementDestinations)
    .where(
      and(
        eq(disbursementDestinations.accountId, accountId),
        eq(disbursementDestinations.chain, chain),
        eq(disbursementDestinations.addressKey, key),
      ),
    );
  return found.id;
}

/** The disbursement of this owner, locked for update when `lock`; 404 for anyone else's. */
export async function loadDisbursement(tx: Executor, owner: Owner, id: string, lock = false): Promise<DisbursementRow> {
  const query = tx
    .select()
    .from(disbursements)
    .where(and(eq(disbursements.id, id), eq(disbursements.accountId, owner.accountId), eq(disbursements.environment, owner.environment)));
  const rows = lock ? await query.for("update") : await query;
  if (!rows[0]) throw notFound("Disbursement");
  return rows[0];
}

export async function loadPayment(tx: Executor, id: string): Promise<PaymentRow> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`disbursement payment ${id} is missing`);
  return row;
}

/** The outbound payment of a new disbursement, PENDING like it. */
export function newDisbursementPayment(d: {
  id: string;
  paymentId: string;
  accountId: string;
  environment: Environment;
  amount: string;
  currency: string;
  chain: Chain;
  walletAddress: string;
  at: Date;
}): typeof payments.$inferInsert {
  const status: PaymentStatus = "PENDING";
  return {
    id: d.paymentId,
    accountId: d.accountId,
    environment: d.environment,
    type: "PAYOUT",
    status,
    disbursementId: d.id,
    amount: d.amount,
    currency: d.currency,
    rail: d.chain,
    source: { amount: d.amount, currency: d.currency, rail: d.chain, wallet_address: null },
    destination: { amount: d.amount, currency: d.currency, rail: d.chain, wallet_address: d.walletAddress },
    fee: "0",
    metadata: { disbursement_id: d.id },
    createdAt: d.at,
    updatedAt: d.at,
    statusChangedAt: d.at,
  };
}

export type { DisbursementStatus };
