import "server-only";
import { createHash } from "node:crypto";
import type { Executor } from "@/lib/db/database";
import { REPORT_LABELS } from "./catalog";
import { REPORT_DEFINITIONS } from "./definitions";
import { appendPiece, finishRun, type ReportManifest, type ReportRun } from "./store";
import { writerFor } from "./writers";

/**
 * Makes one claimed run's file (decisions D24.10): rows streamed from the definition into the
 * format's writer, written to the database piece by piece as they come, hashed as they go; the
 * manifest names the run, its columns, row count, size and SHA-256. A failure keeps nothing but
 * its reason.
 */
export async function makeReport(db: Executor, run: ReportRun): Promise<ReportManifest | null> {
  const definition = REPORT_DEFINITIONS[run.definition];
  const hash = createHash("sha256");
  let seq = 0;
  let bytes = 0;
  let rows = 0;
  const writer = writerFor(
    run.format,
    definition.columns,
    async (piece) => {
      hash.update(piece);
      bytes += piece.length;
      await appendPiece(db, run.id, seq++, piece);
    },
    `${REPORT_LABELS[run.definition].label} ${run.period}`,
  );
  try {
    for await (const cells of definition.rows({ db, environment: run.environment, period: run.period })) {
      await writer.row(cells);
      rows++;
    }
    await writer.end();
  } catch (error) {
    await finishRun(db, run.id, {
      status: "failed",
      error: error instanceof Error ? error.message.slice(0, 500) : "The report failed.",
    });
    return null;
  }
  const manifest: ReportManifest = {
    run: run.id,
    report: run.definition,
    environment: run.environment,
    period: run.period,
    format: run.format,
    columns: definition.columns,
    rows,
    bytes,
    sha256: hash.digest("hex"),
    generated_at: new Date().toISOString(),
  };
  await finishRun(db, run.id, { status: "succeeded", manifest });
  return manifest;
}
