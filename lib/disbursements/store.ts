import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { consoleDisbursements } from "./schema";

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

/** Who in the console created each of these disbursements (the ones created elsewhere are absent). */
export async function creatorsOf(
  db: Executor,
  environment: Environment,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: consoleDisbursements.id, createdBy: consoleDisbursements.createdBy })
    .from(consoleDisbursements)
    .where(and(eq(consoleDisbursements.environment, environment), inArray(consoleDisbursements.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.createdBy]));
}
