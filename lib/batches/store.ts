import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { checkRow } from "./rows";
import { batches, batchRows } from "./schema";
import type { BatchKind } from "./templates";
import type { BatchListItem, BatchStatus, BatchView } from "./types";
import { ROW_FAILED } from "./row-failed-sql";

/**
 * The console's batch tables (decisions D20): a batch, its rows, and the lease that lets one
 * instance at a time work on it. Every statement is by the batch's id (and row numbers), so the
 * cost of a batch never depends on how many batches came before it.
 */
export type BatchRow = typeof batches.$inferSelect;
export type BatchLine = typeof batchRows.$inferSelect;

export type NewBatch = {
  environment: Environment;
  kind: BatchKind;
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
  separator: string;
  header: string[];
  records: Array<{ line: number; cells: string[] }>;
  createdBy: string;
  createdByEmail: string;
  /** The batch whose failed rows this one is made of (issue 44). */
  follows?: string;
};

const INSERT_CHUNK = 250;

export const newBatchId = () => `bat_${randomBytes(9).toString("base64url")}`;

/** Stores the file as it came and each row as checked; one transaction, so a batch is whole or absent. */
export async function insertBatch(db: Executor, input: NewBatch, id = newBatchId()): Promise<string> {
  const fileB64 = Buffer.from(input.bytes).toString("base64");
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into console_batches (id, environment, kind, file_name, file_bytes, file_sha256, file_size, separator, header, row_count, created_by, created_by_email, quote_state, follows)
      values (${id}, ${input.environment}, ${input.kind}, ${input.fileName}, decode(${fileB64}, 'base64'), ${input.sha256}, ${input.bytes.byteLength},
              ${input.separator}, ${sql.raw(textArray(input.header))}, ${input.records.length}, ${input.createdBy}, ${input.createdByEmail},
              ${input.kind === "settlement_request" ? "queued" : null}, ${input.follows ?? null})`);
    for (let start = 0; start < input.records.length; start += INSERT_CHUNK) {
      const values = input.records.slice(start, start + INSERT_CHUNK).map((record, i) => {
        const checked = checkRow(input.kind, input.header, record.cells);
        return {
          batchId: id,
          rowNo: start + i + 1,
          line: record.line,
          cells: record.cells,
          body: checked.body,
          problems: checked.problems,
          currency: checked.currency,
          amount: checked.amount,
          payee: checked.payee,
        };
      });
      await tx.insert(batchRows).values(values);
    }
  });
  return id;
}

/** A text[] literal with every element quoted (header names are short, checked column names). */
function textArray(values: string[]): string {
  const quoted = values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",");
  return `'${`{${quoted}}`.replace(/'/g, "''")}'::text[]`;
}

export async function findBatch(db: Executor, environment: Environment, id: string): Promise<BatchRow | null> {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.environment, environment)))
    .limit(1);
  return row ?? null;
}

export async function findBatchById(db: Executor, id: string): Promise<BatchRow | null> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id)).limit(1);
  return row ?? null;
}

/** The uploaded file, byte for byte. */
export async function fileOf(
  db: Executor,
  environment: Environment,
  id: string,
): Promise<{ name: string; bytes: Buffer; sha256: string } | null> {
  const rows = await queryRows<{ file_name: string; b64: string; file_sha256: string }>(
    db,
    sql`select file_name, encode(file_bytes, 'base64') as b64, file_sha256 from console_batches where id = ${id} and environment = ${environment}`,
  );
  const row = rows[0];
  return row ? { name: row.file_name, bytes: Buffer.from(row.b64, "base64"), sha256: row.file_sha256 } : null;
}

/** How the upload was written (issue 44): a UTF-8 BOM first (Excel's "CSV UTF-8"), and CRLF or LF line ends. */
export async function fileStyleOf(db: Executor, id: string): Promise<{ bom: boolean; lineEnd: "\r\n" | "\n" }> {
  const [row] = await queryRows<{ bom: boolean; crlf: boolean }>(
    db,
    sql`select substring(file_bytes from 1 for 3) = '\\xefbbbf'::bytea as bom,
               position('\\x0d0a'::bytea in file_bytes) > 0 or position('\\x0a'::bytea in file_bytes) = 0 as crlf
        from console_batches where id = ${id}`,
  );
  return { bom: row?.bom === true, lineEnd: row?.crlf === false ? "\n" : "\r\n" };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function batchView(db: Executor, row: BatchRow): Promise<BatchView> {
  const same = await db
    .select({ id: batches.id, createdAt: batches.createdAt, status: batches.status })
    .from(batches)
    .where(
      and(eq(batches.environment, row.environment), eq(batches.fileSha256, row.fileSha256), ne(batches.id, row.id)),
    )
    .orderBy(desc(batches.createdAt))
    .limit(5);
  return {
    id: row.id,
    environment: row.environment,
    kind: row.kind,
    fileName: row.fileName,
    fileSha256: row.fileSha256,
    fileSize: row.fileSize,
    separator: row.separator,
    header: row.header,
    rowCount: row.rowCount,
    status: row.status,
    dryRunState: row.dryRunState,
    quoteState: row.quoteState,
    dryRunError: row.dryRunError,
    dryRunFinishedAt: iso(row.dryRunFinishedAt),
    submissionId: row.submissionId,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    submittedByEmail: row.submittedByEmail,
    submittedAt: iso(row.submittedAt),
    finishedAt: iso(row.finishedAt),
    sameFile: same.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), status: s.status })),
    followedBy: row.followedBy,
    follows: row.follows,
  };
}

/** The newest batches of an environment (a page of `limit`, before `before` when given). */
export async function listBatches(db: Executor, environment: Environment, limit = 50): Promise<BatchListItem[]> {
  const rows = await db
    .select({
      id: batches.id,
      kind: batches.kind,
      fileName: batches.fileName,
      rowCount: batches.rowCount,
      status: batches.status,
      createdByEmail: batches.createdByEmail,
      createdAt: batches.createdAt,
      totals: batches.totals,
    })
    .from(batches)
    .where(eq(batches.environment, environment))
    .orderBy(desc(batches.createdAt))
    .limit(limit);
  // How each finished batch ended (issue 44): its rows' outcomes, counted through the rows' primary key.
  const counts = await rowOutcomes(
    db,
    rows.filter((r) => r.status === "done" || r.status === "sending").map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), outcome: counts.get(r.id) ?? null }));
}

/** Moves a batch from one status to another; false when it was not in `from` any more (someone else moved it). */
export async function moveBatch(
  db: Executor,
  id: string,
  from: BatchStatus[],
  to: BatchStatus,
  set: Partial<typeof batches.$inferInsert> = {},
): Promise<boolean> {
  const rows = await db
    .update(batches)
    .set({ ...set, status: to })
    .where(and(eq(batches.id, id), inArray(batches.status, from)))
    .returning({ id: batches.id });
  return rows.length === 1;
}

export async function setBatch(db: Executor, id: string, set: Partial<typeof batches.$inferInsert>): Promise<void> {
  await db.update(batches).set(set).where(eq(batches.id, id));
}

type RowOutcome = { sent: number; refused: number; failed: number };

/** How the rows of these batches ended (sent, refused, failed afterwards), counted through the rows' primary key. */
async function rowOutcomes(db: Executor, ids: readonly string[]): Promise<Map<string, RowOutcome>> {
  const counts = new Map<string, RowOutcome>();
  if (ids.length === 0) return counts;
  const found = await queryRows<{ batch_id: string; sent: string; refused: string; failed: string }>(
    db,
    sql`select batch_id,
          count(*) filter (where send_state = 'sent') as sent,
          count(*) filter (where send_state = 'failed') as refused,
          count(*) filter (where ${ROW_FAILED}) as failed
        from console_batch_rows where batch_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) group by batch_id`,
  );
  for (const f of found)
    counts.set(f.batch_id, { sent: Number(f.sent), refused: Number(f.refused), failed: Number(f.failed) });
  return counts;
}

/** How each of these batches stands (issue 59): its status and, once sending, its rows' outcomes; the Approvals pages say it as the batch page does. */
export async function batchStates(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { status: BatchRow["status"]; progress: RowOutcome | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: batches.id, status: batches.status })
    .from(batches)
    .where(inArray(batches.id, [...ids]));
  const counts = await rowOutcomes(
    db,
    rows.filter((r) => r.status === "done" || r.status === "sending").map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, { status: r.status, progress: counts.get(r.id) ?? null }]));
}
