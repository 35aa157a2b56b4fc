import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";

/**
 * Payins reconciliation found paid twice (decisions D25.9): its open `duplicate` exceptions whose
 * movement is a payin of a settlement request. Read here from reconciliation's own tables, one
 * statement each, because reconciliation builds on Returns (it names returns' payouts and closes
 * the duplicates Returns decided), not the other way round.
 */
export type DuplicatePayin = { requestId: string; paymentId: string };

export const openDuplicatesStatement = (environment: Environment, limit: number): SQL =>
  sql`select m.parent_id as request_id, m.id as payment_id
        from (select actual_ids from console_recon_exceptions
               where environment = ${environment} and status = 'open' and kind = 'duplicate'
               order by created_at desc, id desc limit ${limit}) e
        join console_recon_movements m on m.environment = ${environment} and m.id = e.actual_ids ->> 0
       where m.direction = 'in' and m.parent_id is not null`;

/** The newest open duplicates that are payins, at most `limit` (their index, whatever the history). */
export async function openDuplicatePayins(
  db: Executor,
  environment: Environment,
  limit: number,
): Promise<DuplicatePayin[]> {
  const rows = await queryRows<{ request_id: string; payment_id: string }>(
    db,
    openDuplicatesStatement(environment, limit),
  );
  return rows.map((r) => ({ requestId: r.request_id, paymentId: r.payment_id }));
}

/** Whether this payin is an open duplicate in reconciliation. */
export async function isOpenDuplicate(db: Executor, environment: Environment, paymentId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from console_recon_exceptions
         where environment = ${environment} and status = 'open' and kind = 'duplicate'
           and actual_ids @> ${JSON.stringify([paymentId])}::jsonb
         limit 1`,
  );
  return rows.length > 0;
}
