import "server-only";
import Decimal from "decimal.js";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Scope } from "./scope";

/**
 * Counts and sums from the running rollups of migrations 0017 and 0026 (decisions D6.6, D6.6a):
 * whole UTC days come from daily_rollups, everything before a range's end from total_rollups
 * when the range has no start, and the part-days at the edges from the rows themselves (one
 * day's rows at most, through the list indexes). So a total costs the same however long the history.
 */

const DAY = 86_400_000;

export interface CreatedRange {
  createdFrom?: Date;
  createdBefore?: Date;
}

/** [from, before) as whole UTC days (`day >= from`, `day < before`, as dates) and the part-days left at its edges. */
export interface DaySplit {
  days: { from?: string; before?: string } | null;
  edges: Array<{ from?: Date; before?: Date }>;
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function splitByDay(range: CreatedRange): DaySplit {
  const from = range.createdFrom?.getTime();
  const before = range.createdBefore?.getTime();
  const dayFrom = from === undefined ? undefined : Math.ceil(from / DAY) * DAY;
  const dayBefore = before === undefined ? undefined : Math.floor(before / DAY) * DAY;
  if (dayFrom !== undefined && dayBefore !== undefined && dayFrom >= dayBefore) {
    return { days: null, edges: [{ from: range.createdFrom, before: range.createdBefore }] };
  }
  const edges: DaySplit["edges"] = [];
  if (from !== undefined && dayFrom !== undefined && from < dayFrom)
    edges.push({ from: range.createdFrom, before: new Date(dayFrom) });
  if (before !== undefined && dayBefore !== undefined && dayBefore < before)
    edges.push({ from: new Date(dayBefore), before: range.createdBefore });
  return {
    days: {
      from: dayFrom === undefined ? undefined : dateOf(dayFrom),
      before: dayBefore === undefined ? undefined : dateOf(dayBefore),
    },
    edges,
  };
}

/** `column >= from AND column < before` for the bounds that are set (true when none is). */
export function within(column: SQL, from?: Date | string, before?: Date | string, cast = "timestamptz"): SQL {
  const value = (v: Date | string) => sql`${v instanceof Date ? v.toISOString() : v}::${sql.raw(cast)}`;
  const parts: SQL[] = [];
  if (from !== undefined) parts.push(sql`${column} >= ${value(from)}`);
  if (before !== undefined) parts.push(sql`${column} < ${value(before)}`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/** One group of a rollup read: how many rows and their two amounts, per currency pair. */
export interface RollupGroup {
  currency: string;
  currency2: string;
  n: number;
  /** Sums as numeric's text: the scale of the finest summand, as PostgreSQL's sum() writes it. */
  amount: string;
  amount2: string;
}

export type GroupRow = {
  currency: string | null;
  currency2: string | null;
  n: string;
  amount: string | null;
  amount2: string | null;
};

/** Adds groups of the same currency pair; drops pairs with no row left (every row moved out). */
export function mergeGroups(lists: GroupRow[][]): RollupGroup[] {
  const merged = new Map<
    string,
    { currency: string; currency2: string; n: number; amount: NumericSum; amount2: NumericSum }
  >();
  for (const row of lists.flat()) {
    const key = `${row.currency ?? ""}\u0000${row.currency2 ?? ""}`;
    const group = merged.get(key) ?? {
      currency: row.currency ?? "",
      currency2: row.currency2 ?? "",
      n: 0,
      amount: new NumericSum(),
      amount2: new NumericSum(),
    };
    group.n += Number(row.n);
    group.amount.add(row.amount);
    group.amount2.add(row.amount2);
    merged.set(key, group);
  }
  return [...merged.values()]
    .filter((g) => g.n !== 0)
    .sort((a, b) =>
      a.currency === b.currency ? (a.currency2 < b.currency2 ? -1 : 1) : a.currency < b.currency ? -1 : 1,
    )
    .map((g) => ({
      currency: g.currency,
      currency2: g.currency2,
      n: g.n,
      amount: g.amount.text(),
      amount2: g.amount2.text(),
    }));
}

/** How many rows the groups hold. */
export const countOf = (groups: readonly RollupGroup[]): number => groups.reduce((n, g) => n + g.n, 0);

/** The lists' `include=totals` of one-currency groups: the count and the amount per currency. */
export function amountTotalsOf(groups: readonly RollupGroup[]): {
  count: number;
  amounts: Array<{ currency: string; amount: string }>;
} {
  return { count: countOf(groups), amounts: groups.map((g) => ({ currency: g.currency, amount: g.amount })) };
}

/** Adds numeric texts exactly and writes the sum at the finest scale it was given, as sum(numeric) does. */
export class NumericSum {
  private value = new Decimal(0);
  private scale = 0;
  add(text: string | null): void {
    if (text === null) return;
    this.value = this.value.plus(text);
    const dot = text.indexOf(".");
    if (dot >= 0) this.scale = Math.max(this.scale, text.length - dot - 1);
  }
  text(): string {
    return this.value.toFixed(this.scale);
  }
}

export interface RollupQuery {
  source: "settlement_requests" | "payments" | "disbursements" | "v1_payments";
  status?: string;
  kind?: string;
  currency?: string;
  range?: CreatedRange;
  /** The same groups from the rows of one part-day: `where` is the time condition on created_at. */
  edgeGroups: (where: SQL) => Promise<GroupRow[]>;
}

/** Count and sums per currency pair of every row the query selects: rollups for whole days, rows for the edges. */
export async function rollupGroups(db: Executor, scope: Scope, q: RollupQuery): Promise<RollupGroup[]> {
  const split = splitByDay(q.range ?? {});
  const reads: Promise<GroupRow[]>[] = split.edges.map((e) => q.edgeGroups(within(sql`created_at`, e.from, e.before)));
  if (split.days?.from !== undefined) {
    reads.push(
      rollupSums(db, scope, q, sql`daily_rollups`, within(sql`day`, split.days.from, split.days.before, "date")),
    );
  } else if (split.days) {
    // No start: the all-time totals (migration 0026), less the days from the end on when there is one.
    reads.push(rollupSums(db, scope, q, sql`total_rollups`, sql`true`));
    if (split.days.before !== undefined)
      reads.push(
        rollupSums(db, scope, q, sql`daily_rollups`, within(sql`day`, split.days.before, undefined, "date"), -1),
      );
  }
  return mergeGroups(await Promise.all(reads));
}

/** The sums of one rollup table's rows for the query (times `sign`), per currency pair. */
function rollupSums(
  db: Executor,
  scope: Scope,
  q: RollupQuery,
  table: SQL,
  days: SQL,
  sign: 1 | -1 = 1,
): Promise<GroupRow[]> {
  const signed = (column: string) => sql.raw(`(${sign === 1 ? "" : "-"}sum(${column}))::text`);
  return queryRows<GroupRow>(
    db,
    sql`SELECT currency, currency2, ${signed("n")} AS n, ${signed("amount")} AS amount, ${signed("amount2")} AS amount2
          FROM ${table}
         WHERE account_id = ${scope.accountId} AND environment = ${scope.environment} AND source = ${q.source}
           AND ${days}
           ${q.status ? sql`AND status = ${q.status}` : sql``}
           ${q.kind ? sql`AND kind = ${q.kind}` : sql``}
           ${q.currency ? sql`AND currency = ${q.currency}` : sql``}
         GROUP BY currency, currency2`,
  );
}
