import { authorize } from "@/lib/auth/authorize";
import { recordAudit } from "@/lib/auth/audit";
import { fileOf } from "@/lib/batches/store";
import { refused } from "@/lib/dashboard/csv";
import { getDatabase } from "@/lib/db/connection";

export const dynamic = "force-dynamic";

/** GET /batches/<id>/file: the uploaded file exactly as it came (the batch's receipt); every download is audited. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authorize({ permission: "read", kind: "read" });
  if (!auth.ok) return refused(auth.error);
  const { id } = await params;
  const { db } = await getDatabase();
  const file = await fileOf(db, auth.ctx.environment, id);
  if (!file) return refused({ code: "not_found", message: "No such batch.", status: 404 });
  await recordAudit({
    actor: auth.ctx.actor,
    action: "downloadBatchFile",
    environment: auth.ctx.environment,
    targetId: id,
    result: "ok",
    detail: `sha256 ${file.sha256}`,
  });
  const safeName = file.name.replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Cache-Control": "no-store",
      "X-Content-SHA256": file.sha256,
    },
  });
}
