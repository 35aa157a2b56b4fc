import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { dueBound, nowForRow } from "./sandbox-clocks";

/**
 * Ids of requests that may have a time move due at `now` (expiry, lateness, a rail step). A
 * cheap pre-filter: the state machine decides, under a row lock, what (if anything) happens.
 */
export async function dueSettlementRequestIds(
  db: Executor,
  now: Date,
  rails: { sentMs: number; completedMs: number },
  limit = 200,
): Promise<string[]> {
  // Each row is due by its own account's clock: sandbox accounts may have moved theirs on. The
  // bound (now + the largest offset) lets each branch's partial index find the candidates
  // (migration 0017); the per-row clock then decides on those few.
  const at = nowForRow(now, sql`r.account_id`, sql`r.environment`);
  const bound = dueBound(now);
  const sentMs = rails.sentMs;
  const completedMs = rails.completedMs;
  const payoutDue = (status: string, ms: number) => sql`
        SELECT p.settlement_request_id AS id FROM payments p
          JOIN settlement_requests r ON r.id = p.settlement_request_id
        WHERE p.type = 'PAYOUT' AND p.status = ${status}
          AND p.status_changed_at <= ${bound} - ${ms} * interval '1 millisecond'
          AND p.status_changed_at <= ${at} - ${ms} * interval '1 millisecond'
          AND r.status NOT IN ('REQUEST_EXPIRED', 'REQUEST_CANCELED', 'REQUEST_COMPLETED', 'REQUEST_REFUNDED',
                               'PAYIN_CANCELED', 'PAYIN_FAILED', 'PAYOUT_CANCELED', 'PAYOUT_FAILED')`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`(SELECT r.id FROM settlement_requests r
        WHERE r.status = 'REQUEST_STARTED' AND r.valid_until <= ${bound} AND r.valid_until <= ${at}
          AND EXISTS (SELECT 1 FROM payments i WHERE i.settlement_request_id = r.id AND i.type = 'PAYIN'
                        AND i.status IN ('AWAITING_FUNDS', 'PENDING', 'SCHEDULED'))
        LIMIT ${limit})
        UNION
        (SELECT r.id FROM settlement_requests r
        WHERE r.status = 'FUNDS_SENT' AND r.reconciliation_expected_at <= ${bound} AND r.reconciliation_expected_at <= ${at}
          AND EXISTS (SELECT 1 FROM payments i WHERE i.settlement_request_id = r.id AND i.type = 'PAYIN' AND i.status <> 'COMPLETED')
        LIMIT ${limit})
        UNION
        (${payoutDue("PROCESSING", sentMs)} LIMIT ${limit})
        UNION
        (${payoutDue("SENT", completedMs)} LIMIT ${limit})
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
