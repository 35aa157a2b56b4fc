import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { canonicalJson } from "./canonical";
import { logEntryOf } from "./store";

export type TrailCheck = { checked: number; differing: Array<{ id: string; seq: number }>; missing: number };

/**
 * The trail the Audit page shows, held to the log (issue 47): each audit row of the range is
 * rebuilt as its log entry and compared with the entry at its place. A row edited in the
 * database shows here, even though the log (whose entries the bundle carries) is intact. A
 * roll-up row counts repeats after its entry was written, so its time and count are not compared.
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
  const differing: TrailCheck["differing"] = [];
  let missing = 0;
  for (const r of rows) {
    if (r.seq === null) {
      missing++;
      continue;
    }
    if (r.entry === null) continue;
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
  return { checked: rows.length, differing, missing };
}
