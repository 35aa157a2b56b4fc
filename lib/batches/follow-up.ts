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
  const id = newBatchId();
  // The batch row is marked first and its rows read after, in one transaction: a retry on another
  // instance either moved the batch already (nothing is marked) or waits for this one and finds it
  // followed. Reading the rows before the mark could see a concurrent retry's waiting rows.
  const outcome = await db
    .transaction(async (tx) => {
      const marked = await tx
        .update(batches)
        .set({ followedBy: id })
        .where(and(eq(batches.id, batch.id), eq(batches.status, "done"), sql`${batches.followedBy} is null`))
        .returning({ id: batches.id });
      if (marked.length === 0) return "already_followed" as const;
      const failed = (await rowsOf(tx, batch.id, batch.kind)).filter(rowFailed);
      if (failed.length === 0) throw new NothingFailed();
      const text = writeCsvRecords([batch.header, ...failed.map((r) => r.cells)], batch.separator as CsvSeparator);
      const bytes = new TextEncoder().encode(text);
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
      return failed.length;
    })
    .catch((error: unknown) => {
      if (error instanceof NothingFailed) return "nothing_to_retry" as const;
      throw error;
    });
  if (outcome === "nothing_to_retry")
    return { ok: false, code: "nothing_to_retry", message: "No row of this batch failed." };
  if (outcome === "already_followed")
    return {
      ok: false,
      code: "already_followed",
      message: "Its failed rows were already retried or put in a new batch.",
    };
  return { ok: true, id, rows: outcome };
}

/** Rolls the mark back when the batch has no failed row. */
class NothingFailed extends Error {}
