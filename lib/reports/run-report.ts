import "server-only";
import { createHash } from "node:crypto";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { monthIn } from "@/lib/dates/calendar";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { REPORT_LABELS } from "./catalog";
import { REPORT_DEFINITIONS } from "./definitions";
import { noticeReportFinished } from "./notices";
import { appendPiece, ClaimLost, finishRun, keepClaim, type ReportManifest, type ReportRun } from "./store";
import { writerFor } from "./writers";

/** How often a run in progress says it is alive (store.ts takes over a run silent for CLAIM_STALE_SECONDS). */
const ALIVE_EVERY_MS = 20_000;

/**
 * Makes one claimed run's file (decisions D24.10): rows streamed from the definition into the
 * format's writer, written to the database piece by piece as they come, hashed as they go; the
 * manifest names the run, its columns, row count, size and SHA-256, and whether the month was
 * still in progress when it was read (partial, through when). A failure keeps nothing but
 * its reason. While it works it says it is alive every ALIVE_EVERY_MS (a source paced by the
 * API's rate limit may write nothing for a while); once another instance has taken the run
 * over (this one looked stopped), it stops and writes nothing more.
 */
export async function makeReport(
  db: Executor,
  run: ReportRun,
  clock: () => Promise<Date> = () => nowFor(run.environment),
): Promise<ReportManifest | null> {
  const definition = REPORT_DEFINITIONS[run.definition];
  // Read before the month's end (the merchant's): the file is partial, through this time.
  const readAt = await clock();
  const partial = readAt.getTime() < monthIn(env().MERCHANT_TIME_ZONE, run.period).end.getTime();
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
      await appendPiece(db, run, seq++, piece);
    },
    `${REPORT_LABELS[run.definition].label} ${run.period}${partial ? " partial" : ""}`,
  );
  let lost = false;
  const alive = setInterval(() => {
    keepClaim(db, run).then(
      (mine) => {
        if (!mine) lost = true;
      },
      () => {},
    );
  }, ALIVE_EVERY_MS);
  alive.unref();
  try {
    for await (const cells of definition.rows({ db, environment: run.environment, period: run.period })) {
      if (lost) throw new ClaimLost(run.id);
      await writer.row(cells);
      rows++;
    }
    await writer.end();
  } catch (error) {
    if (error instanceof ClaimLost) return null;
    await finishAndTell(db, run, {
      status: "failed",
      error: error instanceof Error ? error.message.slice(0, 500) : "The report failed.",
    });
    return null;
  } finally {
    clearInterval(alive);
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
    partial,
    through: partial ? readAt.toISOString() : null,
  };
  return (await finishAndTell(db, run, { status: "succeeded", manifest })) ? manifest : null;
}

/** Records the outcome and, when this claim still held the run, tells whoever asked for it (one transaction). */
function finishAndTell(db: Executor, run: ReportRun, outcome: Parameters<typeof finishRun>[2]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const mine = await finishRun(tx, run, outcome);
    if (mine) await noticeReportFinished(tx, run, outcome);
    return mine;
  });
}
