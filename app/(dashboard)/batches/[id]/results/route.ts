import { authorize } from "@/lib/auth/authorize";
import { resultsCsv } from "@/lib/batches/results";
import { fileStyleOf, findBatch } from "@/lib/batches/store";
import { rowsOf } from "@/lib/batches/review-rows";
import { csvResponse, refused } from "@/lib/dashboard/csv";
import { getDatabase } from "@/lib/db/connection";

export const dynamic = "force-dynamic";

/** GET /batches/<id>/results: the file's columns, then per row its state, the id made, its status and why it failed. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authorize({ permission: "read", kind: "read" });
  if (!auth.ok) return refused(auth.error);
  const { id } = await params;
  const { db } = await getDatabase();
  const batch = await findBatch(db, auth.ctx.environment, id);
  if (!batch) return refused({ code: "not_found", message: "No such batch.", status: 404 });
  // The results as the upload was written: its separator, its BOM (Excel's "CSV UTF-8") and its line ends.
  const style = await fileStyleOf(db, id);
  const csv = resultsCsv(batch.header, await rowsOf(db, id, batch.kind), batch.separator);
  return csvResponse(
    `batch-${id}-results`,
    auth.ctx.environment,
    `${style.bom ? "\uFEFF" : ""}${style.lineEnd === "\n" ? csv.replace(/\r\n/g, "\n") : csv}`,
  );
}
