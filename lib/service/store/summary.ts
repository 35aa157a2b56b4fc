import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { OTHER_ENDED_REQUEST_STATUSES, REQUEST_FAILURE_STATUSES, SETTLED_REQUEST_STATUSES } from "@/lib/state-machine";
import { queryRows, type Executor } from "@/lib/db/database";
import { NumericSum, splitByDay, within } from "./rollups";
import type { Scope } from "./scope";

export type SummaryRow = {
  volume: Array<{ day: string; currency: string; amount: string; count: number }>;
  fees: Array<{ currency: string; amount: string }>;
  statuses: Array<{ status: string; count: number }>;
  median_seconds: number | null;
  p90_seconds: number | null;
};

/** The parts every source of the summary gives (rollups for whole days, rows for part-days), to be added up. */
type Parts = {
  volume: Array<{ day: string; currency: string; amount: string; count: number | string }> | null;
  fees: Array<{ currency: string; amount: string; count: number | string }> | null;
  statuses: Array<{ status: string; count: number | string }> | null;
  times: Array<{ seconds: number; count: number | string }> | null;
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The summary's parts from the rows created in one part-day (`created`: the time condition on created_at). */
function partsFromRows(db: Executor, scope: Scope, created: SQL): Promise<Parts[]> {
  const settled = list(SETTLED_REQUEST_STATUSES);
  return queryRows<Parts>(
    db,
    sql`
      WITH r AS (
        SELECT status, created_at, completed_at, payment_instructions AS pi
          FROM settlement_requests
         WHERE account_id = ${scope.accountId} AND environment = ${scope.environment} AND ${created}
      ), s AS (
        SELECT * FROM r WHERE status IN (${settled}) AND completed_at IS NOT NULL
      )
      SELECT
        (SELECT json_agg(v) FROM (
           SELECT to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, COALESCE(pi->>'destination_currency', '') AS currency,
                  COALESCE(sum((pi->>'destination_amount')::numeric), 0)::text AS amount, count(*) AS count
             FROM s GROUP BY 1, 2) v) AS volume,
        (SELECT json_agg(f) FROM (
           SELECT COALESCE(pi->>'currency', '') AS currency, COALESCE(sum((pi->'fee'->>'total')::numeric), 0)::text AS amount, count(*) AS count
             FROM s GROUP BY 1) f) AS fees,
        (SELECT json_agg(c) FROM (SELECT status, count(*) AS count FROM r GROUP BY 1) c) AS statuses,
        (SELECT json_agg(t) FROM (
           SELECT settle_bucket(extract(epoch FROM completed_at - created_at)) AS seconds, count(*) AS count FROM s GROUP BY 1) t) AS times
    `,
  );
}

/** The summary's parts from the running counts of whole UTC days [from, before) (migration 0017). */
function partsFromRollups(db: Executor, scope: Scope, days: { from?: string; before?: string }): Promise<Parts[]> {
  const owner = sql`account_id = ${scope.accountId} AND environment = ${scope.environment} AND ${within(sql`day`, days.from, days.before, "date")}`;
  return queryRows<Parts>(
    db,
    sql`
      SELECT
        (SELECT json_agg(v) FROM (
           SELECT to_char(completed_day, 'YYYY-MM-DD') AS day, currency2 AS currency, sum(amount2)::text AS amount, sum(n) AS count
             FROM settled_rollups WHERE ${owner} GROUP BY 1, 2) v) AS volume,
        (SELECT json_agg(f) FROM (SELECT currency, sum(fee)::text AS amount, sum(n) AS count FROM settled_rollups WHERE ${owner} GROUP BY 1) f) AS fees,
        (SELECT json_agg(c) FROM (
           SELECT status, sum(n) AS count FROM daily_rollups WHERE ${owner} AND source = 'settlement_requests' GROUP BY 1) c) AS statuses,
        (SELECT json_agg(t) FROM (SELECT seconds, sum(n) AS count FROM settle_time_rollups WHERE ${owner} GROUP BY 1) t) AS times
    `,
  );
}

/**
 * percentile_cont over a histogram of whole seconds: the value at position p·(n−1) of the sorted
 * values, interpolated between its two neighbours; null when there is none.
 */
export function histogramPercentile(
  histogram: ReadonlyArray<{ seconds: number; count: number }>,
  p: number,
): number | null {
  const sorted = histogram.filter((h) => h.count > 0).sort((a, b) => a.seconds - b.seconds);
  const n = sorted.reduce((sum, h) => sum + h.count, 0);
  if (n === 0) return null;
  const position = p * (n - 1);
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const h of sorted) {
      seen += h.count;
      if (rank < seen) return h.seconds;
    }
    return sorted[sorted.length - 1].seconds;
  };
  const low = Math.floor(position);
  const below = valueAt(low);
  return below + (position - low) * (valueAt(Math.min(low + 1, n - 1)) - below);
}

/** Adds the parts of every source into the summary's rows, in the order the answer lists them. */
function addUp(all: Parts[]): SummaryRow {
  const volume = new Map<string, { day: string; currency: string; amount: NumericSum; count: number }>();
  const fees = new Map<string, { amount: NumericSum; count: number }>();
  const statuses = new Map<string, number>();
  const times = new Map<number, number>();
  for (const parts of all) {
    for (const v of parts.volume ?? []) {
      const key = `${v.day} ${v.currency}`;
      const entry = volume.get(key) ?? { day: v.day, currency: v.currency, amount: new NumericSum(), count: 0 };
      entry.amount.add(v.amount);
      entry.count += Number(v.count);
      volume.set(key, entry);
    }
    for (const f of parts.fees ?? []) {
      const entry = fees.get(f.currency) ?? { amount: new NumericSum(), count: 0 };
      entry.amount.add(f.amount);
      entry.count += Number(f.count);
      fees.set(f.currency, entry);
    }
    for (const c of parts.statuses ?? []) statuses.set(c.status, (statuses.get(c.status) ?? 0) + Number(c.count));
    for (const t of parts.times ?? [])
      times.set(Number(t.seconds), (times.get(Number(t.seconds)) ?? 0) + Number(t.count));
  }
  const histogram = [...times].map(([seconds, count]) => ({ seconds, count }));
  return {
    volume: [...volume.values()]
      .filter((v) => v.count !== 0)
      .map((v) => ({ day: v.day, currency: v.currency, amount: v.amount.text(), count: v.count }))
      .sort((a, b) => (a.day === b.day ? (a.currency < b.currency ? -1 : 1) : a.day < b.day ? -1 : 1)),
    fees: [...fees]
      .filter(([, f]) => f.count !== 0)
      .map(([currency, f]) => ({ currency, amount: f.amount.text() }))
      .sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    statuses: [...statuses]
      .filter(([, count]) => count !== 0)
      .map(([status, count]) => ({ status, count }))
      .sort((a, b) => b.count - a.count || (a.status < b.status ? -1 : 1)),
    median_seconds: histogramPercentile(histogram, 0.5),
    p90_seconds: histogramPercentile(histogram, 0.9),
  };
}

/**
 * Everything the summary shows over the requests created in [from, before): settled volume per
 * day (of completion) and destination currency, fees of settled requests per source currency,
 * counts by status, and the median and 90th percentile of the time to settle. Whole UTC days come
 * from the running counts, the part-days at the edges from the rows (decision D6.6), so its cost
 * does not grow with the account's history.
 */
export async function summaryOf(db: Executor, scope: Scope, from: Date, before: Date): Promise<SummaryRow> {
  const split = splitByDay({ createdFrom: from, createdBefore: before });
  const reads = split.edges.map((e) => partsFromRows(db, scope, within(sql`created_at`, e.from, e.before)));
  if (split.days) reads.push(partsFromRollups(db, scope, split.days));
  return addUp((await Promise.all(reads)).flat());
}

export const ENDED = {
  settled: SETTLED_REQUEST_STATUSES,
  failed: REQUEST_FAILURE_STATUSES,
  other: OTHER_ENDED_REQUEST_STATUSES,
} as const;
