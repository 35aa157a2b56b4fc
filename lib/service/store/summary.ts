import "server-only";
import { sql } from "drizzle-orm";
import { OTHER_ENDED_REQUEST_STATUSES, REQUEST_FAILURE_STATUSES, SETTLED_REQUEST_STATUSES } from "@/lib/state-machine";
import { queryRows, type Executor } from "./db";
import type { Scope } from "./scope";

export type SummaryRow = {
  volume: Array<{ day: string; currency: string; amount: string; count: number }> | null;
  fees: Array<{ currency: string; amount: string }> | null;
  statuses: Array<{ status: string; count: number }> | null;
  median_seconds: number | string | null;
  p90_seconds: number | string | null;
};

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Everything the summary shows, in one statement over the requests created in [from, before)
 * (the list index on account, environment, created_at): settled volume per day and destination
 * currency, fees of settled requests per source currency, counts by status, and the median and
 * 90th percentile of the time to settle.
 */
export async function summaryOf(db: Executor, scope: Scope, from: Date, before: Date): Promise<SummaryRow> {
  const settled = list(SETTLED_REQUEST_STATUSES);
  const rows = await queryRows<SummaryRow>(
    db,
    sql`
      WITH r AS (
        SELECT status, created_at, completed_at, payment_instructions AS pi
          FROM settlement_requests
         WHERE account_id = ${scope.accountId} AND environment = ${scope.environment}
           AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${before.toISOString()}::timestamptz
      ), s AS (
        SELECT * FROM r WHERE status IN (${settled}) AND completed_at IS NOT NULL
      )
      SELECT
        (SELECT json_agg(v ORDER BY v.day, v.currency) FROM (
           SELECT to_char(date_trunc('day', completed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, pi->>'destination_currency' AS currency,
                  sum((pi->>'destination_amount')::numeric)::text AS amount, count(*)::int AS count
             FROM s GROUP BY 1, 2) v) AS volume,
        (SELECT json_agg(f ORDER BY f.currency) FROM (
           SELECT pi->>'currency' AS currency, sum((pi->'fee'->>'total')::numeric)::text AS amount FROM s GROUP BY 1) f) AS fees,
        (SELECT json_agg(c ORDER BY c.count DESC, c.status) FROM (SELECT status, count(*)::int AS count FROM r GROUP BY 1) c) AS statuses,
        (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM completed_at - created_at)) FROM s) AS median_seconds,
        (SELECT percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM completed_at - created_at)) FROM s) AS p90_seconds
    `,
  );
  return rows[0];
}

export const ENDED = {
  settled: SETTLED_REQUEST_STATUSES,
  failed: REQUEST_FAILURE_STATUSES,
  other: OTHER_ENDED_REQUEST_STATUSES,
} as const;
