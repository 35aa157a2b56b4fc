import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { Executor } from "@/lib/service/store/db";
import type { Environment } from "@/lib/schemas/catalog";
import type { Disbursement } from "@/lib/schemas/disbursement";
import type { Paginated } from "@/lib/schemas/list";
import type { RecordedDisbursement } from "./disbursement-types";
import { consoleDisbursements } from "./schema";

export type { RecordedDisbursement };

type Row = typeof consoleDisbursements.$inferSelect;

function toRecorded(r: Row): RecordedDisbursement {
  return {
    id: r.id,
    amount: r.amount,
    currency: r.currency,
    chain: r.chain,
    wallet_address: r.walletAddress,
    status: r.status,
    payment_id: r.paymentId,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Remembers a disbursement created through the console (a replayed create changes nothing). */
export async function recordDisbursement(
  db: Executor,
  environment: Environment,
  d: Disbursement,
  createdBy: string | null,
): Promise<void> {
  await db
    .insert(consoleDisbursements)
    .values({
      environment,
      id: d.id,
      amount: d.amount,
      currency: d.currency,
      chain: d.chain ?? null,
      walletAddress: d.wallet_address ?? null,
      status: d.status,
      paymentId: d.payment_id ?? null,
      createdBy,
      createdAt: new Date(d.created_at),
    })
    .onConflictDoNothing();
}

/** Stores the status the API answered now (only for disbursements the console knows). */
export async function refreshRecordedDisbursement(db: Executor, environment: Environment, d: Disbursement): Promise<void> {
  await db
    .update(consoleDisbursements)
    .set({ status: d.status, paymentId: d.payment_id ?? null, updatedAt: new Date() })
    .where(and(eq(consoleDisbursements.environment, environment), eq(consoleDisbursements.id, d.id)));
}

/** Newest first, one page, in the list envelope every API list uses. */
export async function listRecordedDisbursements(
  db: Executor,
  environment: Environment,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Paginated<RecordedDisbursement>> {
  const where = eq(consoleDisbursements.environment, environment);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(consoleDisbursements)
      .where(where)
      .orderBy(desc(consoleDisbursements.createdAt), desc(consoleDisbursements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(consoleDisbursements).where(where),
  ]);
  return {
    data: rows.map(toRecorded),
    pagination: { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) },
  };
}
