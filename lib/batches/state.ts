import "server-only";
import { findSubmission } from "@/lib/approvals/store";
import { getDatabase } from "@/lib/db/connection";
import type { Environment } from "@/lib/schemas/catalog";
import { batchView, findBatch, findBatchById } from "./store";
import { dryRunFeesOf, outcomeTotalsOf, progressOf, quoteFeesOf, totalsOf } from "./tallies";
import { rowsOf, filterRows } from "./review-rows";
import { settleHeldBatch } from "./submit";
import { needsDecision } from "./outcome";
import type { BatchState, RowFilter } from "./types";

export const ROWS_PER_PAGE = 50;
const FILTERS: RowFilter[] = ["all", "problems", "dropped", "failed", "duplicates"];

/** Everything the batch page shows, from the database: the first render and each poll alike. */
export async function batchState(
  environment: Environment,
  id: string,
  query: { page?: number; filter?: string } = {},
): Promise<BatchState | null> {
  const { db } = await getDatabase();
  let batch = await findBatch(db, environment, id);
  if (!batch) return null;
  const submission = batch.submissionId ? await findSubmission(db, batch.submissionId) : null;
  if (await settleHeldBatch(db, batch, submission?.status ?? null))
    batch = (await findBatch(db, environment, id)) ?? batch;
  const filter = FILTERS.includes(query.filter as RowFilter) ? (query.filter as RowFilter) : "all";
  const sentOut = batch.status === "sending" || batch.status === "done";
  const [view, progress, totals, settled, dryRunFees, quotes, all] = await Promise.all([
    batchView(db, batch),
    progressOf(db, id),
    totalsOf(db, id),
    sentOut ? outcomeTotalsOf(db, id) : Promise.resolve(null),
    dryRunFeesOf(db, id),
    quoteFeesOf(db, id),
    rowsOf(db, id, batch.kind),
  ]);
  const rows = filterRows(all, filter);
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1) || 1), pages);
  return {
    batch: view,
    progress,
    totals,
    settled,
    dryRunFees,
    quoteFees: quotes.fees,
    funding: quotes.funding,
    quoted: { priced: quotes.priced, failed: quotes.failed, of: quotes.of },
    submissionStatus: submission?.status ?? null,
    rows: rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE),
    page,
    pages,
    filter,
    filteredCount: rows.length,
    duplicates: all.filter((r) => r.duplicateOf !== null).length,
    invalidRowNos: all.filter((r) => r.included && r.problems.length > 0).map((r) => r.rowNo),
    undecidedRowNos: all.filter(needsDecision).map((r) => r.rowNo),
  };
}

/** The environment a batch belongs to, whichever the page shows (a link opened in the other one), or null. */
export async function batchEnvironment(id: string): Promise<Environment | null> {
  const { db } = await getDatabase();
  return (await findBatchById(db, id))?.environment ?? null;
}
