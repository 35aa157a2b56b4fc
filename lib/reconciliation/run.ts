import { closeDecidedDuplicates } from "./decided-duplicates";
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { lockedCurrencies } from "./locks";
import { matchSettlements } from "./match";
import { currentMatchRules } from "./rules-store";
import { insertExceptions } from "./exceptions-store";
import { insertMatches, markStates } from "./matches-store";
import { openForMatching } from "./movements-store";
import { periodOf } from "./store-rows";

export type RunSummary = { matched: number; matches: number; exceptions: number; tookMs: number };

/**
 * One matching run over a month (issue 46, decisions D24.3), in one transaction under a lock
 * per environment, so two instances never match one row twice. The exceptions nobody has
 * touched yet (open, unassigned, not a duplicate) are put back first and judged again with what arrived since;
 * worked, assigned and held ones stay. A movement of another month that matches nothing stays
 * open for its own month's run. A currency locked for the month is left as it was locked.
 */
export async function runMatching(
  db: Executor,
  environment: Environment,
  period: string,
  by: string | null,
  today?: string,
): Promise<RunSummary> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recon:${environment}`}))`);
    // A currency closed for the month is not matched again: its figures stay as they were locked (issue 57).
    const locked = await lockedCurrencies(tx, environment, period);
    await reopenUntouched(tx, environment, period, locked);
    const rules = await currentMatchRules(tx);
    const open = await openForMatching(tx, environment, period);
    const result = matchSettlements(
      open.expected.filter((e) => !locked.has(e.currency)),
      open.actual.filter((a) => !locked.has(a.currency)),
      rules,
      { today },
    );
    const days = new Map(open.actual.map((a) => [a.id, a.day]));
    const exceptions = result.exceptions.filter(
      (x) => x.kind !== "unmatched_actual" || x.actualIds.every((id) => periodOf(days.get(id) ?? "") === period),
    );
    await insertMatches(tx, environment, period, result.matches, by);
    await insertExceptions(tx, environment, period, exceptions);
    // A payin paid twice that Returns decided is no exception any more.
    const settled = await closeDecidedDuplicates(tx, environment, period, locked);
    return {
      matched: result.matches.reduce((n, m) => n + m.expectedIds.length, 0),
      matches: result.matches.length,
      exceptions: exceptions.length - settled,
      tookMs: Math.round(performance.now() - started),
    };
  });
}

/**
 * Open, unassigned exceptions of the month go back to the pool: their rows are open again. Not a
 * duplicate: the payment it repeats is matched now, so judged again it would read as money nobody
 * expected; a duplicate stays one until a person (or Returns) works it.
 */
async function reopenUntouched(
  db: Executor,
  environment: Environment,
  period: string,
  locked: ReadonlySet<string>,
): Promise<void> {
  const dropped = await queryRows<{ expected_ids: string[]; actual_ids: string[] }>(
    db,
    sql`delete from console_recon_exceptions
         where environment = ${environment} and period = ${period} and status = 'open' and assigned_to is null
           and kind <> 'duplicate'
           and currency not in (select jsonb_array_elements_text(${JSON.stringify([...locked])}::jsonb))
         returning expected_ids, actual_ids`,
  );
  await markStates(
    db,
    environment,
    dropped.flatMap((d) => d.expected_ids),
    dropped.flatMap((d) => d.actual_ids),
    "open",
  );
}
