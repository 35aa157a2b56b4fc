import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { ExceptionKind, ReconException } from "./types";
import { CHUNK, newId, num, stamp } from "./store-rows";
import { markStates } from "./matches-store";

/** The exception queue (`console_recon_exceptions`). Decisions D24, migration 0036. */

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
export type ExceptionDbRow = {
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
export const toException = (r: ExceptionDbRow): ExceptionRow => ({
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
