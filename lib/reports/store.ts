import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { ReportFormat, ReportId } from "./catalog";

export type ReportRunStatus = "queued" | "running" | "succeeded" | "failed";
export type ReportManifest = {
  run: string;
  report: ReportId;
  environment: Environment;
  period: string;
  format: ReportFormat;
  columns: readonly string[];
  rows: number;
  bytes: number;
  sha256: string;
  generated_at: string;
  /**
   * A month still in progress when the run read it (issue 57): the file holds what was there
   * through `through` (the environment's clock: the sandbox clock in sandbox), not the month.
   */
  partial?: boolean;
  through?: string | null;
};
export type ReportRun = {
  id: string;
  environment: Environment;
  definition: ReportId;
  period: string;
  format: ReportFormat;
  status: ReportRunStatus;
  rows: number | null;
  bytes: number | null;
  sha256: string | null;
  manifest: ReportManifest | null;
  error: string | null;
  requestedBy: string;
  createdAt: string;
  finishedAt: string | null;
  scheduleId: string | null;
  /** The claim this worker holds while it makes the run (null unless claimed). */
  claimId: string | null;
  delivery: { status: "delivered" | "failed"; attempts: number; detail: string; at: string } | null;
};
type Row = {
  id: string;
  environment: Environment;
  definition: ReportId;
  params: { period: string };
  format: ReportFormat;
  status: ReportRunStatus;
  rows: number | null;
  bytes: string | number | null;
  sha256: string | null;
  manifest: ReportManifest | null;
  error: string | null;
  requested_by: string;
  created_at: string | Date;
  finished_at: string | Date | null;
  schedule_id?: string | null;
  claim_id?: string | null;
  delivery?: ReportRun["delivery"];
};
const toRun = (r: Row): ReportRun => ({
  id: r.id,
  environment: r.environment,
  definition: r.definition,
  period: r.params.period,
  format: r.format,
  status: r.status,
  rows: r.rows,
  bytes: r.bytes === null ? null : Number(r.bytes),
  sha256: r.sha256,
  manifest: r.manifest,
  error: r.error,
  requestedBy: r.requested_by,
  createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  scheduleId: r.schedule_id ?? null,
  claimId: r.claim_id ?? null,
  delivery: r.delivery ?? null,
});

/** A failed run goes back to the queue (its manifest and file are made again). */
export async function retryRun(db: Executor, environment: Environment, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update console_report_runs set status = 'queued', error = null, started_at = null, finished_at = null
         where environment = ${environment} and id = ${id} and status = 'failed' returning id`,
  );
  return rows.length > 0;
}

export async function queueRun(
  db: Executor,
  environment: Environment,
  input: { definition: ReportId; period: string; format: ReportFormat },
  by: string,
): Promise<ReportRun> {
  const rows = await queryRows<Row>(
    db,
    sql`insert into console_report_runs (id, environment, definition, params, format, requested_by)
        values (${`rpt_${randomBytes(9).toString("base64url")}`}, ${environment}, ${input.definition},
                ${JSON.stringify({ period: input.period })}::jsonb, ${input.format}, ${by})
        returning *`,
  );
  return toRun(rows[0] as Row);
}

/** How long a claimed run may go without a sign of life before another instance takes it over. */
export const CLAIM_STALE_SECONDS = 120;

/**
 * Claims the oldest queued run, or one whose claimer has shown no sign of life for
 * CLAIM_STALE_SECONDS (it stopped), for this worker alone, under a fresh claim id.
 */
export async function claimRun(db: Executor): Promise<ReportRun | null> {
  const rows = await queryRows<Row>(
    db,
    sql`update console_report_runs
           set status = 'running', started_at = now(), alive_at = now(), claim_id = ${randomBytes(9).toString("base64url")}
         where id = (select id from console_report_runs
                      where status = 'queued'
                         or (status = 'running' and coalesce(alive_at, started_at) < now() - make_interval(secs => ${CLAIM_STALE_SECONDS}))
                      order by created_at, id limit 1 for update skip locked)
         returning *`,
  );
  if (!rows[0]) return null;
  await db.execute(sql`delete from console_report_chunks where run_id = ${rows[0].id}`);
  return toRun(rows[0]);
}

/** Thrown when another instance has taken the run over: this worker stops and writes nothing more. */
export class ClaimLost extends Error {
  constructor(runId: string) {
    super(`Report run ${runId} was taken over by another instance.`);
  }
}

type Claim = Pick<ReportRun, "id" | "claimId">;

/** Says the claimer is alive; false when the run is no longer this claim's. */
export async function keepClaim(db: Executor, run: Claim): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update console_report_runs set alive_at = now()
         where id = ${run.id} and claim_id = ${run.claimId} and status = 'running' returning id`,
  );
  return rows.length > 0;
}

/** Adds one piece of the file, only while the run is still this claim's (and says it is alive). */
export async function appendPiece(db: Executor, run: Claim, seq: number, piece: Buffer): Promise<void> {
  const rows = await queryRows<{ seq: number }>(
    db,
    sql`with mine as (update console_report_runs set alive_at = now()
                       where id = ${run.id} and claim_id = ${run.claimId} and status = 'running' returning id)
        insert into console_report_chunks (run_id, seq, data) select id, ${seq}, ${piece} from mine returning seq`,
  );
  if (rows.length === 0) throw new ClaimLost(run.id);
}

/** Records a run's outcome, only while it is still this claim's; false when it was taken over. */
export async function finishRun(
  db: Executor,
  run: Claim,
  outcome: { status: "succeeded"; manifest: ReportManifest } | { status: "failed"; error: string },
): Promise<boolean> {
  const mine = sql`id = ${run.id} and claim_id = ${run.claimId} and status = 'running'`;
  if (outcome.status === "succeeded") {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`update console_report_runs
             set status = 'succeeded', rows = ${outcome.manifest.rows}, bytes = ${outcome.manifest.bytes}, sha256 = ${outcome.manifest.sha256},
                 manifest = ${JSON.stringify(outcome.manifest)}::jsonb, finished_at = now()
           where ${mine} returning id`,
    );
    return rows.length > 0;
  }
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update console_report_runs set status = 'failed', error = ${outcome.error}, finished_at = now() where ${mine} returning id`,
  );
  if (rows.length === 0) return false;
  await db.execute(sql`delete from console_report_chunks where run_id = ${run.id}`);
  return true;
}

export async function findRun(db: Executor, id: string): Promise<ReportRun | null> {
  const rows = await queryRows<Row>(db, sql`select * from console_report_runs where id = ${id}`);
  return rows[0] ? toRun(rows[0]) : null;
}

/** The environment's runs, newest first. */
export async function listRuns(db: Executor, environment: Environment, limit = 50): Promise<ReportRun[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select * from console_report_runs where environment = ${environment} order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(toRun);
}

/** A run's file, piece by piece in order (one piece in memory at a time). */
export async function* pieces(db: Executor, runId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const rows = await queryRows<{ data: Buffer | Uint8Array }>(
      db,
      sql`select data from console_report_chunks where run_id = ${runId} and seq = ${seq}`,
    );
    const row = rows[0];
    if (!row) return;
    yield Buffer.from(row.data);
  }
}

/** Runs and their files older than `days` go (a run's manifest stays with its row until then). */
export async function pruneRuns(db: Executor, days: number): Promise<void> {
  await db.execute(
    sql`delete from console_report_chunks where run_id in (
          select id from console_report_runs where created_at < now() - make_interval(days => ${days}))`,
  );
  await db.execute(sql`delete from console_report_runs where created_at < now() - make_interval(days => ${days})`);
}
