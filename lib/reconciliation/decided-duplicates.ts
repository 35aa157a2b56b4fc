import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { decisionsFor } from "@/lib/returns/store";
import { closeException } from "./exceptions-store";
import { markStates } from "./matches-store";

/**
 * Closes the month's open duplicates that Returns decided (issue 64, decisions D25.9): a payin
 * paid twice that was kept as the payer's credit, or whose return became a disbursement, is no
 * longer an exception; it says what became of it, and by whom. The return's own payout is an
 * expected settlement under the payin's reference, matched like any other, so the Close counts the
 * money once. A held return waits for the next run; a locked currency's month is left as locked.
 * Returns how many it closed.
 */
export async function closeDecidedDuplicates(
  db: Executor,
  environment: Environment,
  period: string,
  locked: ReadonlySet<string>,
): Promise<number> {
  const open = await queryRows<{ id: string; request_id: string; payment_id: string; currency: string }>(
    db,
    sql`select e.id, m.parent_id as request_id, m.id as payment_id, e.currency
          from console_recon_exceptions e
          join console_recon_movements m on m.environment = e.environment and m.id = e.actual_ids ->> 0
         where e.environment = ${environment} and e.period = ${period} and e.status = 'open' and e.kind = 'duplicate'
           and m.direction = 'in' and m.parent_id is not null`,
  );
  const candidates = open.filter((x) => !locked.has(x.currency));
  if (candidates.length === 0) return 0;
  const decided = await decisionsFor(
    db,
    environment,
    candidates.map((x) => x.request_id),
  );
  let closed = 0;
  for (const x of candidates) {
    const d = decided.get(x.request_id);
    const resolution =
      d?.decision === "accept" && !d.submissionId
        ? `Kept as the payer's credit (Returns): ${d.note ?? ""}`.trim()
        : d?.decision === "return" && d.disbursementId
          ? `Returned to the payer (Returns): disbursement ${d.disbursementId}`
          : null;
    if (!d || !resolution) continue;
    if (await closeException(db, environment, x.id, { status: "resolved", resolution, by: d.decidedBy })) {
      await markStates(db, environment, [], [x.payment_id], "written_off");
      closed++;
    }
  }
  return closed;
}
