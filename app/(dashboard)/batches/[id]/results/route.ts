import { authorize } from "@/lib/auth/authorize";
import { resultsCsv } from "@/lib/batches/results";
import { findBatch } from "@/lib/batches/store";
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
  return csvResponse(
    `batch-${id}-results`,
    auth.ctx.environment,
    resultsCsv(batch.header, await rowsOf(db, id, batch.kind), batch.separator),
  );
}
