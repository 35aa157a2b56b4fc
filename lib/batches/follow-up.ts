import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/session";
import type { Executor } from "@/lib/db/database";
import { writeCsvRecords, type CsvSeparator } from "@/lib/csv/parse";
import { rowFailed } from "./outcome";
import { batches } from "./schema";
import { insertBatch, newBatchId, type BatchRow } from "./store";
import { rowsOf } from "./review-rows";

export type FollowUp = { ok: true; id: string; rows: number } | { ok: false; code: string; message: string };

/**
 * "New batch from failed rows" (issue 44): a finished batch's failed rows, as they stand (with
 * their fixes), become a new batch in review, written as a CSV in the upload's separator with the
 * same header. The old batch is marked followed in the same transaction, and a followed batch can
 * no longer retry those rows itself, so each failed row is sent again one way at most. Its rows
 * go through every check again (repeats, cooling-off, balance, rules, approvals).
 */
export async function newBatchFromFailedRows(db: Executor, batch: BatchRow, actor: Actor): Promise<FollowUp> {
  if (batch.status !== "done")
    return { ok: false, code: "not_finished", message: "Only a finished batch's failed rows make a new batch." };
  const failed = (await rowsOf(db, batch.id, batch.kind)).filter(rowFailed);
  if (failed.length === 0) return { ok: false, code: "nothing_to_retry", message: "No row of this batch failed." };
  const id = newBatchId();
  const text = writeCsvRecords([batch.header, ...failed.map((r) => r.cells)], batch.separator as CsvSeparator);
  const bytes = new TextEncoder().encode(text);
  const claimed = await db.transaction(async (tx) => {
    const marked = await tx
      .update(batches)
      .set({ followedBy: id })
      .where(and(eq(batches.id, batch.id), eq(batches.status, "done"), sql`${batches.followedBy} is null`))
      .returning({ id: batches.id });
    if (marked.length === 0) return false;
    await insertBatch(
      tx,
      {
        environment: batch.environment,
        kind: batch.kind,
        fileName: `${batch.fileName.replace(/\.csv$/i, "")} (failed rows).csv`,
        bytes,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        separator: batch.separator,
        header: batch.header,
        records: failed.map((r, i) => ({ line: i + 2, cells: r.cells })),
        createdBy: actor.userId,
        createdByEmail: actor.email,
        follows: batch.id,
      },
      id,
    );
    return true;
  });
  if (!claimed)
    return {
      ok: false,
      code: "already_followed",
      message: "Its failed rows were already retried or put in a new batch.",
    };
  return { ok: true, id, rows: failed.length };
}
