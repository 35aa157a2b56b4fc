import { authorize } from "@/lib/auth/authorize";
import { recordAudit } from "@/lib/auth/audit";
import { bundleLines, recordExport } from "@/lib/audit-log/store";
import { refused } from "@/lib/dashboard/csv";
import { getDatabase } from "@/lib/db/connection";

export const dynamic = "force-dynamic";

const day = (value: string | null, end: boolean): number | null => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? null : end ? ms + 86_400_000 - 1 : ms;
};

/**
 * GET /admin/audit/bundle?from=YYYY-MM-DD&to=YYYY-MM-DD: the audit bundle for the entries of
 * those UTC days (every entry without them), streamed line by line as NDJSON, for
 * `npx settlement-console verify-audit` (issue 47). Administrators only; every download is
 * audited and recorded, its tree size the checkpoint the next export proves it grew from.
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorize({ name: "downloadAuditBundle", permission: "audit:read", kind: "console" });
  if (!auth.ok) return refused(auth.error);
  const params = new URL(request.url).searchParams;
  const range = {
    fromMs: day(params.get("from"), false) ?? 0,
    toMs: day(params.get("to"), true) ?? Date.now() + 60_000,
  };
  if (range.fromMs > range.toMs)
    return refused({ code: "invalid_range", message: "from: must be on or before to", status: 400 });
  const { db } = await getDatabase();
  const lines = bundleLines(db, range);
  let treeSize = 0;
  let entries = 0;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<string>;
      try {
        next = await lines.next();
      } catch (error) {
        // Never a bundle that silently stops: the verifier fails on this line (issue 58).
        console.error("[audit] the bundle could not be completed:", (error as Error).message);
        const problem =
          "the bundle could not be completed (the log could not be read); nothing after this line was sent";
        controller.enqueue(encoder.encode(`${JSON.stringify({ type: "error", problem })}\n`));
        controller.close();
        return;
      }
      if (next.done) {
        await recordExport(db, { treeSize, range, entries, byEmail: auth.ctx.actor.email });
        await recordAudit({
          actor: auth.ctx.actor,
          action: "downloadAuditBundle",
          result: "ok",
          detail: `${entries} entries, tree size ${treeSize}`,
        });
        controller.close();
        return;
      }
      if (next.value.startsWith('{"type":"header"'))
        treeSize = (JSON.parse(next.value) as { tree_size: number }).tree_size;
      else if (next.value.startsWith('{"type":"entry"')) entries++;
      controller.enqueue(encoder.encode(`${next.value}\n`));
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return new Response(stream, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-bundle-${stamp}.ndjson"`,
      "Cache-Control": "no-store",
    },
  });
}
