import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { ActualMovement, ExceptionKind, ExpectedSettlement, Match, MatchRule, ReconException } from "./types";
import { DEFAULT_RULES } from "./match";
import { movementRange } from "./period";
import { isLocked, lockedPairs, openPeriodAfter } from "./locks";

/**
 * Reconciliation's tables (migration 0036, decisions D24): expected settlements, the service's
 * movements, matches, exceptions, rules, locked months and adjustments. Many rows go in one
 * statement (`jsonb_to_recordset`), a thousand at a time.
 */

export const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString("base64url")}`;
const CHUNK = 1000;

/** The month a date falls in ("2026-11-30" → "2026-11"). */
export const periodOf = (day: string) => day.slice(0, 7);

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

type ExpectedDbRow = {
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

const dateText = (v: string | Date) => (typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10));
const stamp = (v: string | Date) => (typeof v === "string" ? new Date(v).toISOString() : v.toISOString());
/** numeric as text without trailing zeros ("25.00" stays "25.00": PostgreSQL keeps the scale typed). */
const num = (v: string | number) => String(v);

const toExpected = (r: ExpectedDbRow): ExpectedRow => ({
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

export type MovementRow = ActualMovement & { state: string; fee: string };
type MovementDbRow = {
  id: string;
  kind: ActualMovement["kind"];
  direction: "in" | "out";
  amount: string;
  currency: string;
  day: string | Date;
  counterparty: string | null;
  reference: string | null;
  rail: string | null;
  returned: boolean;
  state: string;
  fee: string;
};
const toMovement = (r: MovementDbRow): MovementRow => ({
  id: r.id,
  kind: r.kind,
  direction: r.direction,
  amount: num(r.amount),
  currency: r.currency,
  day: dateText(r.day),
  counterparty: r.counterparty,
  reference: r.reference,
  rail: r.rail,
  returned: r.returned,
  state: r.state,
  fee: num(r.fee),
});

/** Copies movements from the service; one already matched keeps its state (a return still marks it). */
export async function upsertMovements(
  db: Executor,
  environment: Environment,
  movements: ReadonlyArray<ActualMovement & { fee?: string; parentId?: string | null }>,
): Promise<void> {
  for (let i = 0; i < movements.length; i += CHUNK) {
    const chunk = movements.slice(i, i + CHUNK).map((m) => ({
      id: m.id,
      kind: m.kind,
      direction: m.direction,
      amount: m.amount,
      currency: m.currency,
      day: m.day,
      counterparty: m.counterparty,
      reference: m.reference,
      rail: m.rail,
      fee: m.fee ?? "0",
      returned: m.returned,
      parent_id: m.parentId ?? null,
    }));
    await db.execute(
      sql`insert into console_recon_movements
            (environment, id, kind, direction, amount, currency, day, counterparty, reference, rail, fee, returned, parent_id)
          select ${environment}, r.id, r.kind, r.direction, r.amount, r.currency, r.day, r.counterparty, r.reference,
                 r.rail, r.fee, r.returned, r.parent_id
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(
              id text, kind text, direction text, amount numeric, currency text, day date, counterparty text,
              reference text, rail text, fee numeric, returned boolean, parent_id text)
          on conflict (environment, id) do update
            set returned = excluded.returned,
                amount = case when console_recon_movements.state = 'open' then excluded.amount else console_recon_movements.amount end,
                day = case when console_recon_movements.state = 'open' then excluded.day else console_recon_movements.day end,
                synced_at = now()`,
    );
  }
}

export async function findMovements(
  db: Executor,
  environment: Environment,
  ids: readonly string[],
): Promise<MovementRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<MovementDbRow>(
    db,
    sql`select * from console_recon_movements
         where environment = ${environment}
           and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
         order by day, id`,
  );
  return rows.map(toMovement);
}

/**
 * Open movements a person may pick for a manual match of a month's exception: of the days that
 * month's matching reads (movementRange), this currency and direction, the closest amounts
 * first, then the newest.
 */
export async function openMovements(
  db: Executor,
  environment: Environment,
  filter: { period: string; currency: string; direction: "in" | "out"; near?: string | null; limit?: number },
): Promise<MovementRow[]> {
  const { from, to } = movementRange(filter.period);
  const rows = await queryRows<MovementDbRow>(
    db,
    sql`select * from console_recon_movements
         where environment = ${environment} and day between ${from}::date and ${to}::date
           and state in ('open', 'exception')
           and currency = ${filter.currency} and direction = ${filter.direction}
         order by ${filter.near ? sql`abs(amount - ${filter.near}::numeric),` : sql``} day desc, id desc
         limit ${filter.limit ?? 50}`,
  );
  return rows.map(toMovement);
}

/** What the matcher takes for a month: its open expected settlements, and the open movements from a month before it on. */
export async function openForMatching(
  db: Executor,
  environment: Environment,
  period: string,
): Promise<{ expected: ExpectedRow[]; actual: MovementRow[] }> {
  const { from, to } = movementRange(period);
  // One after the other: in a transaction both go over one connection.
  const expected = await queryRows<ExpectedDbRow>(
    db,
    sql`select * from console_recon_expected where environment = ${environment} and period = ${period} and state = 'open'`,
  );
  const actual = await queryRows<MovementDbRow>(
    db,
    sql`select * from console_recon_movements
         where environment = ${environment} and state = 'open' and day between ${from}::date and ${to}::date`,
  );
  return { expected: expected.map(toExpected), actual: actual.map(toMovement) };
}

export type MatchRow = Match & {
  id: string;
  period: string;
  kind: "auto" | "manual" | "accepted";
  note: string | null;
  madeBy: string | null;
  createdAt: string;
  undoneAt: string | null;
};
type MatchDbRow = {
  id: string;
  period: string;
  strategy: Match["strategy"];
  rule: string;
  kind: MatchRow["kind"];
  reasons: Match["reasons"];
  difference: string;
  currency: string;
  expected_ids: string[];
  actual_ids: string[];
  note: string | null;
  made_by: string | null;
  created_at: string | Date;
  undone_at: string | Date | null;
};
const toMatch = (r: MatchDbRow): MatchRow => ({
  id: r.id,
  period: r.period,
  strategy: r.strategy,
  rule: r.rule,
  kind: r.kind,
  reasons: r.reasons,
  difference: num(r.difference),
  currency: r.currency,
  expectedIds: r.expected_ids,
  actualIds: r.actual_ids,
  note: r.note,
  madeBy: r.made_by,
  createdAt: stamp(r.created_at),
  undoneAt: r.undone_at ? stamp(r.undone_at) : null,
});

/** Records matches and marks what they tie as matched. */
export async function insertMatches(
  db: Executor,
  environment: Environment,
  period: string,
  matches: ReadonlyArray<Match & { kind?: MatchRow["kind"]; note?: string | null }>,
  by: string | null,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < matches.length; i += CHUNK) {
    const chunk = matches.slice(i, i + CHUNK).map((m) => ({
      id: newId("mat"),
      strategy: m.strategy,
      rule: m.rule,
      kind: m.kind ?? "auto",
      reasons: m.reasons,
      difference: m.difference,
      currency: m.currency,
      expected_ids: m.expectedIds,
      actual_ids: m.actualIds,
      note: m.note ?? null,
    }));
    await db.execute(
      sql`insert into console_recon_matches
            (id, environment, period, strategy, rule, kind, reasons, difference, currency, expected_ids, actual_ids, note, made_by)
          select r.id, ${environment}, ${period}, r.strategy, r.rule, r.kind, r.reasons, r.difference, r.currency,
                 r.expected_ids, r.actual_ids, r.note, ${by}
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(
              id text, strategy text, rule text, kind text, reasons jsonb, difference numeric, currency text,
              expected_ids jsonb, actual_ids jsonb, note text)`,
    );
    ids.push(...chunk.map((c) => c.id));
    await markStates(
      db,
      environment,
      chunk.flatMap((c) => c.expected_ids),
      chunk.flatMap((c) => c.actual_ids),
      "matched",
    );
  }
  return ids;
}

/** Sets the state of expected settlements and movements. */
export async function markStates(
  db: Executor,
  environment: Environment,
  expectedIds: readonly string[],
  actualIds: readonly string[],
  state: ExpectedState,
): Promise<void> {
  if (expectedIds.length > 0)
    await db.execute(
      sql`update console_recon_expected set state = ${state}
           where environment = ${environment} and id in (select jsonb_array_elements_text(${JSON.stringify(expectedIds)}::jsonb))`,
    );
  if (actualIds.length > 0)
    await db.execute(
      sql`update console_recon_movements set state = ${state === "written_off" ? "resolved" : state}
           where environment = ${environment} and id in (select jsonb_array_elements_text(${JSON.stringify(actualIds)}::jsonb))`,
    );
}

export async function findMatch(db: Executor, environment: Environment, id: string): Promise<MatchRow | null> {
  const rows = await queryRows<MatchDbRow>(
    db,
    sql`select * from console_recon_matches where environment = ${environment} and id = ${id}`,
  );
  return rows[0] ? toMatch(rows[0]) : null;
}

/** A month's matches (not undone), newest first. */
export async function listMatches(
  db: Executor,
  environment: Environment,
  period: string,
  limit = 200,
): Promise<MatchRow[]> {
  const rows = await queryRows<MatchDbRow>(
    db,
    sql`select * from console_recon_matches
         where environment = ${environment} and period = ${period} and undone_at is null
         order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(toMatch);
}

/** Undoes a match (kept, marked undone): what it tied is open again. False when it was undone meanwhile. */
export async function undoMatch(
  db: Executor,
  environment: Environment,
  id: string,
  by: string,
): Promise<MatchRow | null> {
  const rows = await queryRows<MatchDbRow>(
    db,
    sql`update console_recon_matches set undone_at = now(), undone_by = ${by}
         where environment = ${environment} and id = ${id} and undone_at is null
         returning *`,
  );
  const row = rows[0] ? toMatch(rows[0]) : null;
  if (row) await markStates(db, environment, row.expectedIds, row.actualIds, "open");
  return row;
}

export type ExceptionStatus = "open" | "resolved" | "written_off" | "pending_write_off";
export type ExceptionRow = ReconException & {
  id: string;
  period: string;
  status: ExceptionStatus;
  assignedTo: string | null;
  resolution: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  submissionId: string | null;
  createdAt: string;
};
type ExceptionDbRow = {
  id: string;
  period: string;
  kind: ExceptionKind;
  expected_ids: string[];
  actual_ids: string[];
  candidates: string[];
  difference: string | null;
  currency: string;
  note: string;
  status: ExceptionStatus;
  assigned_to: string | null;
  resolution: string | null;
  resolved_by: string | null;
  resolved_at: string | Date | null;
  submission_id: string | null;
  created_at: string | Date;
};
const toException = (r: ExceptionDbRow): ExceptionRow => ({
  id: r.id,
  period: r.period,
  kind: r.kind,
  expectedIds: r.expected_ids,
  actualIds: r.actual_ids,
  candidates: r.candidates,
  difference: r.difference === null ? null : num(r.difference),
  currency: r.currency,
  note: r.note,
  status: r.status,
  assignedTo: r.assigned_to,
  resolution: r.resolution,
  resolvedBy: r.resolved_by,
  resolvedAt: r.resolved_at ? stamp(r.resolved_at) : null,
  submissionId: r.submission_id,
  createdAt: stamp(r.created_at),
});

/** Puts exceptions in the queue and marks what they hold as in an exception. */
export async function insertExceptions(
  db: Executor,
  environment: Environment,
  period: string,
  exceptions: readonly ReconException[],
): Promise<void> {
  for (let i = 0; i < exceptions.length; i += CHUNK) {
    const chunk = exceptions.slice(i, i + CHUNK).map((x) => ({
      id: newId("exc"),
      kind: x.kind,
      expected_ids: x.expectedIds,
      actual_ids: x.actualIds,
      candidates: x.candidates,
      difference: x.difference,
      currency: x.currency,
      note: x.note,
    }));
    await db.execute(
      sql`insert into console_recon_exceptions
            (id, environment, period, kind, expected_ids, actual_ids, candidates, difference, currency, note)
          select r.id, ${environment}, ${period}, r.kind, r.expected_ids, r.actual_ids, r.candidates, r.difference, r.currency, r.note
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(
              id text, kind text, expected_ids jsonb, actual_ids jsonb, candidates jsonb, difference numeric, currency text, note text)`,
    );
    await markStates(
      db,
      environment,
      chunk.flatMap((c) => c.expected_ids),
      chunk.flatMap((c) => c.actual_ids),
      "exception",
    );
  }
}

export async function findException(db: Executor, environment: Environment, id: string): Promise<ExceptionRow | null> {
  const rows = await queryRows<ExceptionDbRow>(
    db,
    sql`select * from console_recon_exceptions where environment = ${environment} and id = ${id}`,
  );
  return rows[0] ? toException(rows[0]) : null;
}

/** The queue: a month's exceptions by status, oldest first (the oldest waited longest). */
export async function listExceptions(
  db: Executor,
  environment: Environment,
  filter: { period: string; status?: ExceptionStatus | "worked"; kind?: ExceptionKind; limit?: number },
): Promise<ExceptionRow[]> {
  const status =
    filter.status === "worked"
      ? sql`and status in ('resolved', 'written_off')`
      : sql`and status = ${filter.status ?? "open"}`;
  const rows = await queryRows<ExceptionDbRow>(
    db,
    sql`select * from console_recon_exceptions
         where environment = ${environment} and period = ${filter.period} ${status}
           ${filter.kind ? sql`and kind = ${filter.kind}` : sql``}
         order by created_at, id limit ${filter.limit ?? 200}`,
  );
  return rows.map(toException);
}

/** How many exceptions of each kind a period has open: counted, not listed (a month may have thousands). */
export async function openExceptionCounts(
  db: Executor,
  environment: Environment,
  period: string,
): Promise<Array<{ kind: ExceptionKind; count: number }>> {
  const rows = await queryRows<{ kind: ExceptionKind; n: string | number }>(
    db,
    sql`select kind, count(*) as n from console_recon_exceptions
         where environment = ${environment} and period = ${period} and status = 'open'
         group by kind order by kind`,
  );
  return rows.map((r) => ({ kind: r.kind, count: Number(r.n) }));
}

/** Closes an open (or held) exception; null when someone closed it meanwhile. */
export async function closeException(
  db: Executor,
  environment: Environment,
  id: string,
  outcome: { status: "resolved" | "written_off"; resolution: string; by: string },
): Promise<ExceptionRow | null> {
  const rows = await queryRows<ExceptionDbRow>(
    db,
    sql`update console_recon_exceptions
           set status = ${outcome.status}, resolution = ${outcome.resolution}, resolved_by = ${outcome.by}, resolved_at = now()
         where environment = ${environment} and id = ${id} and status in ('open', 'pending_write_off')
         returning *`,
  );
  return rows[0] ? toException(rows[0]) : null;
}

export async function assignException(
  db: Executor,
  environment: Environment,
  id: string,
  to: string | null,
): Promise<ExceptionRow | null> {
  const rows = await queryRows<ExceptionDbRow>(
    db,
    sql`update console_recon_exceptions set assigned_to = ${to}
         where environment = ${environment} and id = ${id} and status = 'open' returning *`,
  );
  return rows[0] ? toException(rows[0]) : null;
}

/** Marks an exception as waiting for its write-off's approval (the submission that holds it). */
export async function holdWriteOff(db: Executor, environment: Environment, id: string, submissionId: string) {
  await db.execute(
    sql`update console_recon_exceptions set status = 'pending_write_off', submission_id = ${submissionId}
         where environment = ${environment} and id = ${id} and status = 'open'`,
  );
}

/** The open exceptions that hold any of these rows (a manual match closes them). */
export async function exceptionsHolding(
  db: Executor,
  environment: Environment,
  expectedIds: readonly string[],
  actualIds: readonly string[],
): Promise<ExceptionRow[]> {
  const rows = await queryRows<ExceptionDbRow>(
    db,
    sql`select * from console_recon_exceptions
         where environment = ${environment} and status = 'open'
           and (exists (select 1 from jsonb_array_elements_text(expected_ids) e where e in (select jsonb_array_elements_text(${JSON.stringify(expectedIds)}::jsonb)))
             or exists (select 1 from jsonb_array_elements_text(actual_ids) a where a in (select jsonb_array_elements_text(${JSON.stringify(actualIds)}::jsonb))))`,
  );
  return rows.map(toException);
}

/** The matching rules in their order; the defaults until an admin saves some. */
export async function currentMatchRules(db: Executor): Promise<MatchRule[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    strategy: MatchRule["strategy"];
    by_reference: boolean;
    grace_days: number;
    enabled: boolean;
  }>(db, sql`select * from console_recon_rules order by position, id`);
  if (rows.length === 0) return [...DEFAULT_RULES];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    strategy: r.strategy,
    byReference: r.by_reference,
    graceDays: r.grace_days,
    enabled: r.enabled,
  }));
}

/** Saves the rules in this order (replacing the previous set). */
export async function saveMatchRules(db: Executor, rules: readonly MatchRule[], by: string): Promise<void> {
  await db.execute(sql`delete from console_recon_rules`);
  const rows = rules.map((r, position) => ({
    id: r.id,
    position,
    name: r.name,
    strategy: r.strategy,
    by_reference: r.byReference,
    grace_days: r.graceDays,
    enabled: r.enabled,
  }));
  await db.execute(
    sql`insert into console_recon_rules (id, position, name, strategy, by_reference, grace_days, enabled, updated_by)
        select r.id, r.position, r.name, r.strategy, r.by_reference, r.grace_days, r.enabled, ${by}
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
            id text, position int, name text, strategy text, by_reference boolean, grace_days int, enabled boolean)`,
  );
}

/** A month's counts: expected by state, open exceptions, matches. */
export async function periodSummary(
  db: Executor,
  environment: Environment,
  period: string,
): Promise<{ expected: Record<ExpectedState, number>; openExceptions: number; matches: number }> {
  const [states, exceptions, matches] = await Promise.all([
    queryRows<{ state: ExpectedState; n: string | number }>(
      db,
      sql`select state, count(*) as n from console_recon_expected
           where environment = ${environment} and period = ${period} group by state`,
    ),
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from console_recon_exceptions
           where environment = ${environment} and period = ${period} and status in ('open', 'pending_write_off')`,
    ),
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from console_recon_matches
           where environment = ${environment} and period = ${period} and undone_at is null`,
    ),
  ]);
  const expected: Record<ExpectedState, number> = { open: 0, matched: 0, exception: 0, resolved: 0, written_off: 0 };
  for (const s of states) expected[s.state] = Number(s.n);
  return { expected, openExceptions: Number(exceptions[0]?.n ?? 0), matches: Number(matches[0]?.n ?? 0) };
}

/** A month's expected settlements whatever became of them, and the movements of the month around it (the backtest's replay). */
export async function monthAsItCame(
  db: Executor,
  environment: Environment,
  period: string,
  to: string,
): Promise<{ expected: ExpectedRow[]; actual: MovementRow[] }> {
  const expected = await queryRows<ExpectedDbRow>(
    db,
    sql`select * from console_recon_expected where environment = ${environment} and period = ${period}`,
  );
  const actual = await queryRows<MovementDbRow>(
    db,
    sql`select * from console_recon_movements
         where environment = ${environment}
           and day between (${`${period}-01`}::date - interval '31 days') and (${to}::date + interval '31 days')`,
  );
  return { expected: expected.map(toExpected), actual: actual.map(toMovement) };
}
