import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { referenceColumn } from "./templates";

/** The batch row that created an object, and the file's own reference for it (issue 44). */
export type BatchReference = { batchId: string; rowNo: number; fileName: string; reference: string | null };

/**
 * For each id of `resultIds` created by a batch row of `environment`: that row, and the value of
 * its file's reference column. The API keeps no metadata on a disbursement, so the console keeps
 * the link (decisions D20.15). One indexed statement per call (the rows' result ids).
 */
export async function batchReferencesOf(
  db: Executor,
  environment: Environment,
  resultIds: readonly string[],
): Promise<Map<string, BatchReference>> {
  const ids = [...new Set(resultIds)].filter(Boolean);
  const found = new Map<string, BatchReference>();
  for (let start = 0; start < ids.length; start += CHUNK)
    for (const [id, ref] of await referencesOfChunk(db, environment, ids.slice(start, start + CHUNK)))
      found.set(id, ref);
  return found;
}

const CHUNK = 1_000;

async function referencesOfChunk(
  db: Executor,
  environment: Environment,
  ids: string[],
): Promise<Map<string, BatchReference>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    result_id: string;
    batch_id: string;
    row_no: number;
    file_name: string;
    header: string[];
    cells: string[];
  }>(
    db,
    sql`select r.result_id, r.batch_id, r.row_no, b.file_name, b.header, r.cells
          from console_batch_rows r join console_batches b on b.id = r.batch_id
         where r.result_id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) and b.environment = ${environment}`,
  );
  return new Map(
    rows.map((r) => [
      r.result_id,
      { batchId: r.batch_id, rowNo: r.row_no, fileName: r.file_name, reference: referenceIn(r.header, r.cells) },
    ]),
  );
}

/** The reference cell of a row, by its header's name in any case; null when the file has none or it is empty. */
export function referenceIn(header: readonly string[], cells: readonly string[]): string | null {
  const column = referenceColumn(header);
  const value = column === null ? undefined : cells[header.indexOf(column)]?.trim();
  return value || null;
}
