import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { queueNotices } from "@/lib/notices/queue";
import { REPORT_LABELS } from "./catalog";
import type { ReportManifest, ReportRun } from "./store";

/**
 * A report run ended (issue 64): the person who asked for it hears, with its rows and checksum,
 * or why it failed. Queued in the transaction that records the outcome, so only the instance
 * whose claim finished it tells of it; a scheduled run, asked for by nobody, tells nobody.
 */
export async function noticeReportFinished(
  db: Executor,
  run: ReportRun,
  outcome: { status: "succeeded"; manifest: ReportManifest } | { status: "failed"; error: string },
): Promise<number> {
  const name = `${REPORT_LABELS[run.definition].label} ${run.period} (${run.format.toUpperCase()})`;
  const tag = run.environment === "production" ? "[production] " : "";
  const text =
    outcome.status === "succeeded"
      ? {
          subject: `${tag}Report ready: ${name}`,
          body: [
            `${name}${outcome.manifest.partial ? ", partial (the month was not over when it was read)" : ""} is ready.`,
            `${outcome.manifest.rows.toLocaleString("en-US")} rows, ${outcome.manifest.bytes.toLocaleString("en-US")} bytes, SHA-256 ${outcome.manifest.sha256}.`,
            "Download it from the Reports page; the file is not attached.",
          ].join("\n"),
        }
      : {
          subject: `${tag}Report failed: ${name}`,
          body: [`${name} failed: ${outcome.error}`, "Run it again from the Reports page."].join("\n"),
        };
  return queueNotices(db, "report_finished", `${run.id}:${outcome.status}`, sql`u.email = ${run.requestedBy}`, {
    ...text,
    path: "/reports",
  });
}
