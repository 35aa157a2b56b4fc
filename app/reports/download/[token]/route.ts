import { getDatabase } from "@/lib/db/connection";
import { consoleError } from "@/lib/http/console-error";
import { readDownload } from "@/lib/reports/download-link";
import { findRun, pieces } from "@/lib/reports/store";

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/**
 * A report run's file behind its signed, expiring link (decisions D24.10), streamed piece by
 * piece from PostgreSQL; `?manifest=1` gives its manifest (run, columns, rows, bytes, SHA-256).
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const link = readDownload((await params).token);
  if (link === "expired")
    return consoleError(410, "link_expired", "This download link has expired: make a new one from the Reports page.");
  if (!link) return consoleError(404, "not_found", "No such download.");
  const { db } = await getDatabase();
  const run = await findRun(db, link.runId);
  if (run?.status !== "succeeded" || !run.manifest)
    return consoleError(404, "not_found", "This report has no file (it failed, or it was pruned).");
  // A month read before its end says so in the file's name as well as in its manifest (issue 57).
  const name = `${run.definition}-${run.environment}-${run.period}${run.manifest.partial ? "-partial" : ""}`;
  if (new URL(request.url).searchParams.get("manifest") === "1")
    return new Response(`${JSON.stringify(run.manifest, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json",
        "Content-Disposition": `attachment; filename="${name}.manifest.json"`,
        "Cache-Control": "no-store",
      },
    });
  const source = pieces(db, run.id);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": TYPES[run.format],
      "Content-Disposition": `attachment; filename="${name}.${run.format}"`,
      "Content-Length": String(run.manifest.bytes),
      "X-Content-SHA256": run.manifest.sha256,
      "Cache-Control": "no-store",
    },
  });
}
