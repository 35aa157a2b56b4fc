import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { type Cadence, nextDue, periodCovered } from "./cadence";
import type { ReportFormat, ReportId } from "./catalog";
import { queueRun, type ReportRun } from "./store";

export type ReportSchedule = {
  id: string;
  environment: Environment;
  definition: ReportId;
  format: ReportFormat;
  cadence: Cadence;
  nextRunAt: string;
  webhookUrl: string | null;
  enabled: boolean;
  createdBy: string;
};
type Row = {
  id: string;
  environment: Environment;
  definition: ReportId;
  format: ReportFormat;
  cadence: Cadence;
  next_run_at: string | Date;
  webhook_url: string | null;
  webhook_secret: string | null;
  enabled: boolean;
  created_by: string;
};
const toSchedule = (r: Row): ReportSchedule => ({
  id: r.id,
  environment: r.environment,
  definition: r.definition,
  format: r.format,
  cadence: r.cadence,
  nextRunAt: new Date(r.next_run_at).toISOString(),
  webhookUrl: r.webhook_url,
  enabled: r.enabled,
  createdBy: r.created_by,
});

/** Creates a schedule, due at its cadence's next time (or now, to run once at once); the webhook secret is returned this once. */
export async function createSchedule(
  db: Executor,
  environment: Environment,
  input: {
    definition: ReportId;
    format: ReportFormat;
    cadence: Cadence;
    webhookUrl: string | null;
    timeZone: string;
    runNow: boolean;
  },
  by: string,
): Promise<{ schedule: ReportSchedule; secret: string | null }> {
  const secret = input.webhookUrl ? `whsec_${randomBytes(24).toString("base64url")}` : null;
  const due = input.runNow ? new Date() : nextDue(input.cadence, input.timeZone, new Date());
  const rows = await queryRows<Row>(
    db,
    sql`insert into console_report_schedules (id, environment, definition, format, cadence, next_run_at, webhook_url, webhook_secret, created_by)
        values (${`rsc_${randomBytes(9).toString("base64url")}`}, ${environment}, ${input.definition}, ${input.format}, ${input.cadence},
                ${due.toISOString()}::timestamptz, ${input.webhookUrl}, ${secret ? sealSecret(secret) : null}, ${by})
        returning *`,
  );
  return { schedule: toSchedule(rows[0] as Row), secret };
}

export async function listSchedules(db: Executor, environment: Environment): Promise<ReportSchedule[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select * from console_report_schedules where environment = ${environment} order by created_at desc, id desc limit 100`,
  );
  return rows.map(toSchedule);
}

export async function setScheduleEnabled(
  db: Executor,
  environment: Environment,
  id: string,
  enabled: boolean,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update console_report_schedules set enabled = ${enabled} where environment = ${environment} and id = ${id} returning id`,
  );
  return rows.length > 0;
}

/**
 * Takes one due schedule (one instance only: the row is locked and skipped by the others),
 * moves it to its next time and queues its run, in one transaction. Null when none is due.
 */
export async function claimDueSchedule(db: Executor, timeZone: string, now = new Date()): Promise<ReportRun | null> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<Row>(
      tx,
      sql`select * from console_report_schedules where enabled and next_run_at <= ${now.toISOString()}::timestamptz
           order by next_run_at, id limit 1 for update skip locked`,
    );
    const due = rows[0];
    if (!due) return null;
    const at = new Date(due.next_run_at);
    await tx.execute(
      sql`update console_report_schedules set next_run_at = ${nextDue(due.cadence, timeZone, now).toISOString()}::timestamptz where id = ${due.id}`,
    );
    const run = await queueRun(
      tx,
      due.environment,
      { definition: due.definition, period: periodCovered(timeZone, at), format: due.format },
      `schedule ${due.id}`,
    );
    await tx.execute(sql`update console_report_runs set schedule_id = ${due.id} where id = ${run.id}`);
    return run;
  });
}

/** A run's schedule's webhook target and secret, if it has one. */
export async function webhookOf(
  db: Executor,
  runId: string,
): Promise<{ url: string; secret: string; environment: Environment } | null> {
  const rows = await queryRows<{ webhook_url: string | null; webhook_secret: string | null; environment: Environment }>(
    db,
    sql`select s.webhook_url, s.webhook_secret, s.environment from console_report_runs r
          join console_report_schedules s on s.id = r.schedule_id where r.id = ${runId}`,
  );
  const row = rows[0];
  return row?.webhook_url && row.webhook_secret
    ? { url: row.webhook_url, secret: openSecret(row.webhook_secret), environment: row.environment }
    : null;
}

export async function recordDelivery(
  db: Executor,
  runId: string,
  delivery: { status: "delivered" | "failed"; attempts: number; detail: string },
) {
  await db.execute(
    sql`update console_report_runs set delivery = ${JSON.stringify({ ...delivery, at: new Date().toISOString() })}::jsonb where id = ${runId}`,
  );
}
