import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { MatchRule } from "./types";
import { DEFAULT_RULES } from "./default-rules";

/** The matching rules in the admin's order (`console_recon_rules`). Decisions D24, migration 0036. */

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
