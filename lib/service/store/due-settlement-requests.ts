import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "./db";
import { nowForRow } from "./sandbox-clocks";

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
  // Each row is due by its own account's clock: sandbox accounts may have moved theirs on.
  const at = nowForRow(now, sql`r.account_id`, sql`r.environment`);
  const sentMs = rails.sentMs;
  const completedMs = rails.completedMs;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT r.id FROM settlement_requests r
          JOIN payments i ON i.settlement_request_id = r.id AND i.type = 'PAYIN'
        WHERE (r.status = 'REQUEST_STARTED' AND r.valid_until <= ${at}
               AND i.status IN ('AWAITING_FUNDS', 'PENDING', 'SCHEDULED'))
           OR (r.status = 'FUNDS_SENT' AND r.reconciliation_expected_at <= ${at} AND i.status <> 'COMPLETED')
        UNION
        SELECT p.settlement_request_id AS id FROM payments p
          JOIN settlement_requests r ON r.id = p.settlement_request_id
        WHERE p.type = 'PAYOUT'
          AND r.status NOT IN ('REQUEST_EXPIRED', 'REQUEST_CANCELED', 'REQUEST_COMPLETED', 'REQUEST_REFUNDED',
                               'PAYIN_CANCELED', 'PAYIN_FAILED', 'PAYOUT_CANCELED', 'PAYOUT_FAILED')
          AND ((p.status = 'PROCESSING' AND p.status_changed_at <= ${at} - ${sentMs} * interval '1 millisecond')
            OR (p.status = 'SENT' AND p.status_changed_at <= ${at} - ${completedMs} * interval '1 millisecond'))
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
