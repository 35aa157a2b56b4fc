import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { canonicalJson } from "./canonical";
import { env } from "@/lib/env";
import { logEntryOf } from "./store";
import type { TrailCheck } from "./trail-verdict";

/**
 * The trail the Audit page shows, held to the log (issue 47): each audit row of the range is
 * rebuilt as its log entry and compared with the entry at its place. A row edited in the
 * database shows here, even though the log (whose entries the bundle carries) is intact. A
 * roll-up row counts repeats after its entry was written, so its time and count are not compared.
 *
 * And the other way (issue 58): every entry of the range must still have its trail row, unless
 * retention or the cap on sign-in noise took it; no entry may have lost its text inside the
 * retention; and a trail row written since the log began must have an entry.
 */
export async function checkTrail(
  db: Executor,
  range: { fromMs: number; toMs: number },
  limit = 100_000,
): Promise<TrailCheck> {
  const rows = await queryRows<{
    id: string;
    at: Date | string;
    user_id: string | null;
    user_email: string | null;
    role: string | null;
    action: string;
    target_id: string | null;
    environment: string | null;
    result: string;
    detail: string | null;
    seq: string | null;
    entry: string | null;
  }>(
    db,
    sql`select a.id, a.at, a.user_id, a.user_email, a.role, a.action, a.target_id, a.environment, a.result, a.detail, l.seq, l.entry
        from console_audit a left join console_audit_log l on l.audit_id = a.id
        where a.at >= ${new Date(range.fromMs)} and a.at <= ${new Date(range.toMs)}
        order by a.at desc limit ${limit}`,
  );
  const retentionCut = Date.now() - env().AUDIT_RETENTION_DAYS * 86_400_000;
  const [logStart] = await queryRows<{ at_ms: string }>(
    db,
    sql`select at_ms from console_audit_log order by seq limit 1`,
  );
  const began = logStart ? Number(logStart.at_ms) : Number.POSITIVE_INFINITY;
  const differing: TrailCheck["differing"] = [];
  const unlogged: TrailCheck["unlogged"] = [];
  const nulledHere = new Map<number, string>();
  let missing = 0;
  for (const r of rows) {
    if (r.seq === null) {
      if (new Date(r.at).getTime() >= began) unlogged.push({ id: r.id });
      else missing++;
      continue;
    }
    if (r.entry === null) {
      // Its trail row is still kept, so it is inside the retention: its text was deleted.
      if (new Date(r.at).getTime() >= retentionCut) nulledHere.set(Number(r.seq), r.id);
      continue;
    }
    const rebuilt = logEntryOf({
      id: r.id,
      at: new Date(r.at),
      userId: r.user_id,
      userEmail: r.user_email,
      role: r.role,
      action: r.action,
      targetId: r.target_id,
      environment: r.environment,
      result: r.result,
      detail: r.detail,
    }) as Record<string, unknown>;
    const stored = JSON.parse(r.entry) as Record<string, unknown>;
    if (r.id.startsWith("rollup:")) {
      rebuilt.at = stored.at;
    }
    if (canonicalJson(rebuilt as never) !== r.entry) differing.push({ id: r.id, seq: Number(r.seq) });
  }
  // The log's side, by its time index: entries of the range without their trail row, and texts
  // gone inside the retention. Sign-in noise may have been cut by AUDIT_MAX_ROWS: its absence is not tampering.
  const lost = await queryRows<{ audit_id: string; seq: string; nulled: boolean }>(
    db,
    sql`select l.audit_id, l.seq, (l.entry is null) as nulled
          from console_audit_log l
         where l.at_ms >= ${range.fromMs} and l.at_ms <= ${range.toMs} and l.at_ms >= ${retentionCut}
           and (l.entry is null
                or (not exists (select 1 from console_audit a where a.id = l.audit_id)
                    and not (l.entry::jsonb->>'action' = 'signIn' and l.entry::jsonb->>'result' <> 'ok')))
         order by l.seq limit ${limit}`,
  );
  const orphaned = lost.filter((l) => !l.nulled).map((l) => ({ id: l.audit_id, seq: Number(l.seq) }));
  for (const l of lost) if (l.nulled) nulledHere.set(Number(l.seq), l.audit_id);
  const nulled = [...nulledHere.entries()].sort(([x], [y]) => x - y).map(([seq, id]) => ({ id, seq }));
  return { checked: rows.length, differing, missing, unlogged, orphaned, nulled };
}
