import "server-only";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { referenceKey } from "./match-keys";
import { closeException, exceptionsHolding, findException, type ExceptionRow } from "./exceptions-store";
import { findExpected } from "./expected-store";
import { findMatch, insertMatches, markStates, undoMatch, type MatchRow } from "./matches-store";
import { findMovements } from "./movements-store";
import { compareAmount, dayAgainstWindow } from "./tolerance";
import type { ReasonCode } from "./types";

/**
 * Working the exception queue (issue 46, decisions D24.6): a person matches by hand, undoes a
 * match, accepts a difference, or writes an exception off (a controlled action: the approval
 * rules may hold it). Each checks that the rows are still where the person saw them, and
 * refuses a change to a locked month: after the lock, a change is an adjustment in the open one.
 */

export type WorkRefusal = { code: string; message: string; field?: string };
export type WorkResult<T> = { ok: true; data: T } | { ok: false; error: WorkRefusal };
const refuse = (code: string, message: string, field?: string) => ({
  ok: false as const,
  error: { code, message, field },
});

/** The lock on a month and currency, if any. */
export async function lockOf(
  db: Executor,
  environment: Environment,
  currency: string,
  period: string,
): Promise<{ lockedAt: string; lockedBy: string } | null> {
  const rows = await queryRows<{ locked_at: string | Date; locked_by: string }>(
    db,
    sql`select locked_at, locked_by from console_recon_periods
         where environment = ${environment} and currency = ${currency} and period = ${period}`,
  );
  const row = rows[0];
  return row ? { lockedAt: new Date(row.locked_at).toISOString(), lockedBy: row.locked_by } : null;
}

async function lockedRefusal(db: Executor, environment: Environment, currency: string, period: string) {
  const lock = await lockOf(db, environment, currency, period);
  return lock
    ? refuse(
        "period_locked",
        `${period} is closed for ${currency} (locked by ${lock.lockedBy}). Record an adjustment in the open month instead.`,
      )
    : null;
}

/** Matches expected settlements to movements by hand, with the reasons that hold and what differed. */
export async function matchByHand(
  db: Executor,
  environment: Environment,
  input: { expectedIds: string[]; actualIds: string[]; note: string },
  by: string,
): Promise<WorkResult<MatchRow>> {
  if (input.expectedIds.length === 0)
    return refuse("invalid_input", "Choose at least one expected settlement.", "expectedIds");
  if (input.actualIds.length === 0) return refuse("invalid_input", "Choose at least one movement.", "actualIds");
  if (input.expectedIds.length > 1 && input.actualIds.length > 1)
    return refuse("invalid_input", "Match one to many or many to one, not many to many.", "actualIds");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recon:${environment}`}))`);
    const expected = await findExpected(tx, environment, input.expectedIds);
    const movements = await findMovements(tx, environment, input.actualIds);
    if (expected.length !== input.expectedIds.length)
      return refuse("not_found", "An expected settlement is gone.", "expectedIds");
    if (movements.length !== input.actualIds.length) return refuse("not_found", "A movement is gone.", "actualIds");
    const taken = [
      ...expected.filter((e) => e.state !== "open" && e.state !== "exception"),
      ...movements.filter((m) => m.state !== "open" && m.state !== "exception"),
    ];
    if (taken.length > 0)
      return refuse("already_matched", `${taken.map((t) => t.id).join(", ")} is already matched or closed.`);
    const currencies = new Set([...expected.map((e) => e.currency), ...movements.map((m) => m.currency)]);
    if (currencies.size > 1)
      return refuse("currency_mismatch", "Expected settlements and movements must be in one currency.");
    const directions = new Set([...expected.map((e) => e.direction), ...movements.map((m) => m.direction)]);
    if (directions.size > 1) return refuse("direction_mismatch", "Money in cannot be matched to money out.");
    if (movements.some((m) => m.returned))
      return refuse("returned", "A returned movement paid nothing: write the exception off or wait for the money.");
    const first = expected[0] as (typeof expected)[number];
    const locked = await lockedRefusal(tx, environment, first.currency, first.period);
    if (locked) return locked;
    const total = movements.reduce((s, m) => s.plus(m.amount), new Decimal(0));
    const expectedTotal = expected.reduce((s, e) => s.plus(e.amount), new Decimal(0));
    const cmp = compareAmount(
      { amount: expectedTotal.toFixed(), toleranceAbs: first.toleranceAbs, tolerancePct: first.tolerancePct },
      total,
    );
    const reasons: ReasonCode[] = ["manual"];
    const refs = new Set(expected.map((e) => referenceKey(e.reference)));
    if (movements.every((m) => refs.has(referenceKey(m.reference)) && referenceKey(m.reference) !== null))
      reasons.push("reference");
    reasons.push(cmp.exact ? "amount_exact" : cmp.within ? "amount_within_tolerance" : "amount_differs");
    if (movements.every((m) => expected.every((e) => dayAgainstWindow(e, m.day, 0) === "in")))
      reasons.push("date_in_window");
    else reasons.push("date_outside_window");
    const [id] = await insertMatches(
      tx,
      environment,
      first.period,
      [
        {
          strategy: expected.length > 1 ? "N:1" : movements.length > 1 ? "1:N" : "1:1",
          rule: "manual",
          kind: "manual",
          note: input.note || null,
          expectedIds: expected.map((e) => e.id),
          actualIds: movements.map((m) => m.id),
          reasons,
          difference: cmp.difference.toFixed(),
          currency: first.currency,
        },
      ],
      by,
    );
    await settleHolding(tx, environment, input.expectedIds, input.actualIds, `Matched by hand (${id})`, by);
    return { ok: true, data: (await findMatch(tx, environment, id as string)) as MatchRow };
  });
}

/**
 * Closes the exceptions that held rows now matched; rows they also held that the match did not
 * take go back to the pool (the next run judges them again).
 */
async function settleHolding(
  db: Executor,
  environment: Environment,
  expectedIds: string[],
  actualIds: string[],
  resolution: string,
  by: string,
) {
  for (const x of await exceptionsHolding(db, environment, expectedIds, actualIds)) {
    await closeException(db, environment, x.id, { status: "resolved", resolution, by });
    await markStates(
      db,
      environment,
      x.expectedIds.filter((id) => !expectedIds.includes(id)),
      x.actualIds.filter((id) => !actualIds.includes(id)),
      "open",
    );
  }
}

/** Undoes a match: what it tied is open again (auto or manual). */
export async function unmatch(
  db: Executor,
  environment: Environment,
  id: string,
  by: string,
): Promise<WorkResult<MatchRow>> {
  const match = await findMatch(db, environment, id);
  if (!match || match.undoneAt) return refuse("not_found", "No such match, or it was undone already.");
  const locked = await lockedRefusal(db, environment, match.currency, match.period);
  if (locked) return locked;
  const undone = await undoMatch(db, environment, id, by);
  return undone ? { ok: true, data: undone } : refuse("already_undone", "This match was undone meanwhile.");
}

/** Accepts an under- or overpayment or a late payment as it is: a match carrying the difference, the exception resolved. */
export async function acceptDifference(
  db: Executor,
  environment: Environment,
  exceptionId: string,
  note: string,
  by: string,
): Promise<WorkResult<{ match: MatchRow; exception: ExceptionRow }>> {
  const x = await findException(db, environment, exceptionId);
  if (!x) return refuse("not_found", "No such exception.");
  if (x.status !== "open") return refuse("already_worked", `This exception is ${x.status.replace("_", " ")}.`);
  if (!["underpaid", "overpaid", "late"].includes(x.kind) || x.expectedIds.length === 0 || x.actualIds.length === 0)
    return refuse("not_acceptable", "Only an under- or overpayment, or a late payment, can be accepted as it is.");
  if (!note.trim()) return refuse("invalid_input", "Say why the difference is accepted.", "note");
  const locked = await lockedRefusal(db, environment, x.currency, x.period);
  if (locked) return locked;
  return db.transaction(async (tx) => {
    const closed = await closeException(tx, environment, x.id, {
      status: "resolved",
      resolution: `Accepted: ${note.trim()}`,
      by,
    });
    if (!closed) return refuse("already_worked", "Someone worked this exception meanwhile.");
    const [id] = await insertMatches(
      tx,
      environment,
      x.period,
      [
        {
          strategy: x.actualIds.length > 1 ? "1:N" : "1:1",
          rule: "accepted",
          kind: "accepted",
          note: note.trim(),
          expectedIds: x.expectedIds,
          actualIds: x.actualIds,
          reasons: ["accepted_difference", x.kind === "late" ? "date_outside_window" : "amount_differs"],
          difference: x.difference ?? "0",
          currency: x.currency,
        },
      ],
      by,
    );
    return {
      ok: true,
      data: { match: (await findMatch(tx, environment, id as string)) as MatchRow, exception: closed },
    };
  });
}

/** The amount an exception writes off: its expected settlements' sum, else its movements'. */
export async function writeOffAmount(db: Executor, environment: Environment, x: ExceptionRow): Promise<string> {
  if (x.difference && x.kind !== "late") return new Decimal(x.difference).abs().toFixed();
  const rows =
    x.expectedIds.length > 0
      ? await findExpected(db, environment, x.expectedIds)
      : await findMovements(db, environment, x.actualIds);
  return rows.reduce((s, r) => s.plus(r.amount), new Decimal(0)).toFixed();
}

/** Writes an exception off: closed as written off, its expected settlements too. Run on approval when a rule held it. */
export async function writeOff(
  db: Executor,
  environment: Environment,
  exceptionId: string,
  reason: string,
  by: string,
): Promise<WorkResult<ExceptionRow>> {
  const x = await findException(db, environment, exceptionId);
  if (!x) return refuse("not_found", "No such exception.");
  const locked = await lockedRefusal(db, environment, x.currency, x.period);
  if (locked) return locked;
  const closed = await closeException(db, environment, x.id, {
    status: "written_off",
    resolution: `Written off: ${reason}`,
    by,
  });
  if (!closed) return refuse("already_worked", `This exception is ${x.status.replace("_", " ")}.`);
  await markStates(db, environment, x.expectedIds, x.actualIds, "written_off");
  return { ok: true, data: closed };
}
