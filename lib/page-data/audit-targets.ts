import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { REPORT_LABELS, type ReportId } from "@/lib/reports/catalog";

/**
 * What the audit trail's targets are, in words (issue 59): people and sessions by name, reports
 * and schedules by their report, payees, batches and submissions by what they are. One indexed
 * lookup by primary key per kind, for the page's rows only; an id nothing names any more (a
 * deleted session) stays an id. The page shows the id on hover.
 */
export async function auditTargetNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id) => id.length > 0))];
  const names = new Map<string, string>();
  if (unique.length === 0) return names;
  const list = (of: readonly string[]): SQL =>
    sql.join(
      of.map((id) => sql`${id}`),
      sql`, `,
    );
  const prefixed = (prefix: string) => unique.filter((id) => id.startsWith(prefix));
  const lookups: Array<Promise<void>> = [];
  const add = (rows: Promise<Array<{ id: string; name: string }>>) =>
    lookups.push(rows.then((found) => found.forEach((r) => names.set(r.id, r.name))));
  const plain = unique.filter((id) => !/^(rpt|rsc|payee|bat|sub)_/.test(id));
  if (plain.length > 0) {
    add(
      queryRows<{ id: string; name: string }>(
        db,
        sql`select id, name || ' (' || email || ')' as name from console_users where id in (${list(plain)})`,
      ),
    );
    add(
      queryRows<{ id: string; name: string }>(
        db,
        sql`select s.id, 'a session of ' || u.name as name
            from console_sessions s join console_users u on u.id = s.user_id where s.id in (${list(plain)})`,
      ),
    );
  }
  const runs = prefixed("rpt_");
  if (runs.length > 0)
    add(
      queryRows<{ id: string; definition: string; period: string | null }>(
        db,
        sql`select id, definition, params->>'period' as period from console_report_runs where id in (${list(runs)})`,
      ).then((rows) =>
        rows.map((r) => ({
          id: r.id,
          name: `${REPORT_LABELS[r.definition as ReportId]?.label ?? r.definition} report${r.period ? `, ${r.period}` : ""}`,
        })),
      ),
    );
  const schedules = prefixed("rsc_");
  if (schedules.length > 0)
    add(
      queryRows<{ id: string; definition: string; cadence: string }>(
        db,
        sql`select id, definition, cadence from console_report_schedules where id in (${list(schedules)})`,
      ).then((rows) =>
        rows.map((r) => ({
          id: r.id,
          name: `${REPORT_LABELS[r.definition as ReportId]?.label ?? r.definition} report, ${r.cadence}`,
        })),
      ),
    );
  const named = (prefix: string, query: (ids: SQL) => SQL) => {
    const of = prefixed(prefix);
    if (of.length > 0) add(queryRows<{ id: string; name: string }>(db, query(list(of))));
  };
  named("payee_", (of) => sql`select id, 'payee “' || name || '”' as name from console_payees where id in (${of})`);
  named("bat_", (of) => sql`select id, 'batch “' || file_name || '”' as name from console_batches where id in (${of})`);
  named(
    "sub_",
    (of) =>
      sql`select id, coalesce(facts->>'label', 'a submission') as name from console_submissions where id in (${of})`,
  );
  await Promise.all(lookups);
  return names;
}
