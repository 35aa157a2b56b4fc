import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { ExpectedSettlement } from "./types";
import { isLocked, lockedPairs, openPeriodAfter } from "./locks";
import { CHUNK, dateText, newId, num, periodOf, stamp } from "./store-rows";

/** What finance expects (`console_recon_expected`) and the adjustments a lock sends to the next month. Decisions D24, migration 0036. */

export type ExpectedState = "open" | "matched" | "exception" | "resolved" | "written_off";
export type ExpectedRow = ExpectedSettlement & {
  source: string;
  period: string;
  state: ExpectedState;
  createdBy: string | null;
  createdAt: string;
};
export type NewExpected = Omit<ExpectedSettlement, "id"> & {
  source: "form" | "csv" | "api" | "pack";
  sourceId?: string;
  /** The month it belongs to: by default the one its window ends in. */
  period?: string;
};

export type ExpectedDbRow = {
  id: string;
  direction: "in" | "out";
  amount: string;
  currency: string;
  tolerance_abs: string;
  tolerance_pct: string;
  window_start: string | Date;
  window_end: string | Date;
  counterparty: string | null;
  reference: string | null;
  source: string;
  period: string;
  state: ExpectedState;
  created_by: string | null;
  created_at: string | Date;
};

export const toExpected = (r: ExpectedDbRow): ExpectedRow => ({
  id: r.id,
  direction: r.direction,
  amount: num(r.amount),
  currency: r.currency,
  toleranceAbs: num(r.tolerance_abs),
  tolerancePct: num(r.tolerance_pct),
  windowStart: dateText(r.window_start),
  windowEnd: dateText(r.window_end),
  counterparty: r.counterparty,
  reference: r.reference,
  source: r.source,
  period: r.period,
  state: r.state,
  createdBy: r.created_by,
  createdAt: stamp(r.created_at),
});

/** Records expected settlements; an API-created one (sourceId) is recorded once. Returns the new ids. */
export async function insertExpected(
  db: Executor,
  environment: Environment,
  rows: readonly NewExpected[],
  by: string | null,
): Promise<{ ids: string[]; late: LateExpected[] }> {
  // A row of a month closed for its currency goes to the first open month after it, with an
  // adjustment there that names the closed month (issue 57): the closed month is never edited.
  const periods = rows.map((r) => r.period ?? periodOf(r.windowEnd));
  const locked = await lockedPairs(
    db,
    environment,
    rows.map((r, i) => ({ currency: r.currency, period: periods[i] as string })),
  );
  const late: LateExpected[] = [];
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = [];
    for (const [j, r] of rows.slice(i, i + CHUNK).entries()) {
      const own = periods[i + j] as string;
      const period = isLocked(locked, r.currency, own) ? await openPeriodAfter(db, environment, r.currency, own) : own;
      const id = newId("exp");
      if (period !== own) late.push({ id, row: r, lockedPeriod: own, period });
      chunk.push({
        id,
        direction: r.direction,
        amount: r.amount,
        currency: r.currency,
        tolerance_abs: r.toleranceAbs,
        tolerance_pct: r.tolerancePct,
        window_start: r.windowStart,
        window_end: r.windowEnd,
        counterparty: r.counterparty,
        reference: r.reference,
        source: r.source,
        source_id: r.sourceId ?? null,
        period,
      });
    }
    const made = await queryRows<{ id: string }>(
      db,
      sql`insert into console_recon_expected
            (id, environment, direction, amount, currency, tolerance_abs, tolerance_pct, window_start, window_end,
             counterparty, reference, source, source_id, period, created_by)
          select r.id, ${environment}, r.direction, r.amount, r.currency, r.tolerance_abs, r.tolerance_pct,
                 r.window_start, r.window_end, r.counterparty, r.reference, r.source, r.source_id, r.period, ${by}
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(
              id text, direction text, amount numeric, currency text, tolerance_abs numeric, tolerance_pct numeric,
              window_start date, window_end date, counterparty text, reference text, source text, source_id text, period text)
          on conflict do nothing
          returning id`,
    );
    ids.push(...made.map((r) => r.id));
  }
  const inserted = new Set(ids);
  const kept = late.filter((l) => inserted.has(l.id));
  for (const l of kept)
    await insertAdjustment(
      db,
      environment,
      {
        currency: l.row.currency,
        period: l.period,
        forPeriod: l.lockedPeriod,
        amount: l.row.direction === "in" ? l.row.amount : `-${l.row.amount}`,
        expectedId: l.id,
        note: `${l.row.reference ?? l.row.counterparty ?? "An expected settlement"} belongs to ${l.lockedPeriod}, closed for ${l.row.currency}: recorded in ${l.period}.`,
      },
      by ?? "sync",
    );
  return { ids, late: kept };
}

/** An expected settlement of a closed month, recorded in the open month after it. */
export type LateExpected = { id: string; row: NewExpected; lockedPeriod: string; period: string };

/** Writes an adjustment: `amount` recorded in `period` for the closed month `forPeriod`. */
export async function insertAdjustment(
  db: Executor,
  environment: Environment,
  input: {
    currency: string;
    period: string;
    forPeriod: string;
    amount: string;
    note: string;
    expectedId?: string | null;
  },
  by: string,
): Promise<string> {
  const id = newId("adj");
  await db.execute(
    sql`insert into console_recon_adjustments (id, environment, currency, period, for_period, amount, expected_id, note, created_by)
        values (${id}, ${environment}, ${input.currency}, ${input.period}, ${input.forPeriod}, ${input.amount}, ${input.expectedId ?? null}, ${input.note}, ${by})`,
  );
  return id;
}

export async function findExpected(
  db: Executor,
  environment: Environment,
  ids: readonly string[],
): Promise<ExpectedRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ExpectedDbRow>(
    db,
    sql`select * from console_recon_expected
         where environment = ${environment}
           and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
         order by id`,
  );
  return rows.map(toExpected);
}

/** A page of a month's expected settlements, newest first (keyset: before `after`). */
export async function listExpected(
  db: Executor,
  environment: Environment,
  period: string,
  options: { state?: ExpectedState; limit?: number; direction?: "in" | "out" } = {},
): Promise<ExpectedRow[]> {
  const rows = await queryRows<ExpectedDbRow>(
    db,
    sql`select * from console_recon_expected
         where environment = ${environment} and period = ${period}
           ${options.state ? sql`and state = ${options.state}` : sql``}
           ${options.direction ? sql`and direction = ${options.direction}` : sql``}
         order by created_at desc, id desc
         limit ${options.limit ?? 200}`,
  );
  return rows.map(toExpected);
}
