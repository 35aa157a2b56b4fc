import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { Match } from "./types";
import { CHUNK, newId, num, stamp } from "./store-rows";
import type { ExpectedState } from "./expected-store";

/** The matcher's answers and people's (`console_recon_matches`), and the states they set. Decisions D24, migration 0036. */

export type MatchRow = Match & {
  id: string;
  period: string;
  kind: "auto" | "manual" | "accepted";
  note: string | null;
  madeBy: string | null;
  createdAt: string;
  undoneAt: string | null;
};
export type MatchDbRow = {
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
export const toMatch = (r: MatchDbRow): MatchRow => ({
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
