import "server-only";
import type { Actor } from "@/lib/auth/session";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import {
  currentRules,
  denySubmission,
  finishSending,
  insertSubmission,
  type SubmissionRow,
} from "@/lib/approvals/store";
import { BATCH_SUBMISSION_PATH } from "@/lib/approvals/types";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/money/format";
import { breachText, floorBreaches } from "@/lib/runway/floor-check";
import { formatUtcMinute } from "@/lib/dashboard/format-date";
import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import {
  coolingRows,
  factsOfTotals,
  needsUsd,
  PRODUCTION_BATCH_RULE,
  RUNWAY_FLOOR_BATCH_RULE,
  pickRule,
  shortfallOf,
  shortfallText,
  usdValueOf,
} from "./check";
import { batchRows } from "./schema";
import { needsDecision } from "./outcome";
import { moveBatch, type BatchRow } from "./store";
import { progressOf, totalsOf } from "./tallies";
import { rowsOf } from "./review-rows";
import type { BatchTotals } from "./types";
import { kickBatchWorker } from "./worker";

export type SubmitOutcome =
  | { ok: true; held: { submissionId: string; message: string } | null }
  | { ok: false; code: string; message: string };

/** "3 rows: 1,250.00 USDC, 80.00 USDT" */
export function totalsLabel(totals: BatchTotals): string {
  const rows = totals.reduce((n, t) => n + t.count, 0);
  return `${rows} row${rows === 1 ? "" : "s"}: ${totals.map((t) => formatMoney(t.amount, t.currency, { currencyDisplay: "code" })).join(", ")}`;
}

/**
 * Submits a reviewed batch (decisions D20.5). Refused while a row still has problems or a dry run
 * is under way. The approval rules judge it as one submission: each currency's total is judged
 * as the rows' action would be (a disbursement rule holds a disbursement batch), and the rule
 * asking most governs. Held: stored as a submission whose path names the batch; approved, the
 * batch starts sending (sendStored). Not held: it starts now.
 */
export async function submitReviewedBatch(
  db: Executor,
  batch: BatchRow,
  actor: Actor,
  options: { fundingFirst?: boolean } = {},
): Promise<SubmitOutcome> {
  if (batch.status !== "review")
    return {
      ok: false,
      code: "already_submitted",
      message: `This batch is ${batch.status}: it was submitted already.`,
    };
  if (batch.dryRunState === "queued" || batch.dryRunState === "running")
    return { ok: false, code: "dry_run_running", message: "The dry run is still going: submit when it has finished." };
  const progress = await progressOf(db, batch.id);
  if (progress.invalid > 0) {
    return {
      ok: false,
      code: "rows_with_problems",
      message: `${progress.invalid} row${progress.invalid === 1 ? " has" : "s have"} problems: fix or drop ${progress.invalid === 1 ? "it" : "them"} first.`,
    };
  }
  if (progress.included === 0) return { ok: false, code: "no_rows", message: "Every row is dropped: nothing to send." };
  // Known problems stop the file (issue 44): each repeat and each row far above the usual is kept or dropped first.
  const undecided = (await rowsOf(db, batch.id, batch.kind)).filter(needsDecision);
  if (undecided.length > 0) {
    const first = undecided[0];
    return {
      ok: false,
      code: "rows_to_decide",
      message: `${undecided.length === 1 ? "Row" : "Rows"} ${undecided
        .slice(0, 5)
        .map((r) => r.rowNo)
        .join(", ")}${undecided.length > 5 ? ` and ${undecided.length - 5} more` : ""} ${
        first?.duplicateOf !== null && first?.duplicateOf !== undefined
          ? `need${undecided.length === 1 ? "s" : ""} a decision (row ${first.rowNo} repeats row ${first.duplicateOf})`
          : `need${undecided.length === 1 ? "s" : ""} a decision (far above the file's usual amount)`
      }: keep or drop each before submitting.`,
    };
  }
  const cooling = batch.environment === "production" ? await coolingRows(db, batch, { note: true }) : [];
  if (cooling.length > 0) {
    const first = cooling[0];
    return {
      ok: false,
      code: "destination_cooling_off",
      message: `${cooling.length === 1 ? "Row" : "Rows"} ${cooling
        .slice(0, 5)
        .map((r) => r.rowNo)
        .join(
          ", ",
        )}${cooling.length > 5 ? ` and ${cooling.length - 5} more` : ""} pay${cooling.length === 1 ? "s" : ""} a destination this account never paid: usable from ${first ? formatUtcMinute(first.from) : ""}, when its cooling-off period ends. Drop ${cooling.length === 1 ? "it" : "them"}, or submit after that.`,
    };
  }
  // What the rules judge and the approver sees is fixed now (issue 44): the rows' digest before,
  // compared again once the status has moved and no edit can land any more.
  const digest = await rowsDigestOf(db, batch.id);
  const totals = await totalsOf(db, batch.id);
  // More than the environment's balance is refused, unless the submitter says it will be funded first (issue 44).
  const shortfall = batch.kind === "disbursement" ? ((await shortfallOf(batch.environment, totals)) ?? []) : [];
  if (shortfall.length > 0 && !options.fundingFirst) {
    return {
      ok: false,
      code: "insufficient_balance",
      message: `${shortfallText(shortfall)}. Fund it first, or confirm that it will be funded before it runs.`,
    };
  }
  const rules = await currentRules(db);
  const facts = factsOfTotals(
    batch,
    totals,
    needsUsd(rules) ? (await usdValueOf(batch.environment, totals)).perCurrency : new Map(),
  );
  // Below a currency's runway floor, it waits for an approval like a rule's hold (decisions D25.7).
  const breaches = batch.kind === "disbursement" ? await floorBreaches(db, batch.environment, totals) : [];
  const rule =
    pickRule(rules, facts) ??
    (batch.environment === "production" ? PRODUCTION_BATCH_RULE : null) ??
    (breaches.length > 0 ? RUNWAY_FLOOR_BATCH_RULE : null);
  const now = new Date();
  const submitted = { totals, submittedAt: now, submittedByEmail: actor.email };
  if (!rule) {
    const moved = await moveBatch(db, batch.id, ["review"], "sending", { ...submitted, sendingAt: now });
    if (!moved) return { ok: false, code: "already_submitted", message: "This batch was submitted meanwhile." };
    if ((await rowsDigestOf(db, batch.id)) !== digest) {
      await moveBatch(db, batch.id, ["sending"], "review", {});
      return CHANGED_WHILE_SUBMITTING;
    }
    kickBatchWorker();
    return { ok: true, held: null };
  }
  const label = `Batch “${batch.fileName}”, ${totalsLabel(totals)}`;
  const single = totals.length === 1 ? totals[0] : null;
  const row = await insertSubmission(db, {
    environment: batch.environment,
    action: batch.kind,
    actionName: "submitBatch",
    method: "POST",
    path: `${BATCH_SUBMISSION_PATH}${batch.id}`,
    idempotencyKey: null,
    body: {
      batch_id: batch.id,
      file_name: batch.fileName,
      file_sha256: batch.fileSha256,
      rows: progress.included,
      rows_sha256: digest,
      totals,
      ...(shortfall.length > 0 ? { shortfall, funding_first: true } : {}),
    },
    facts: {
      environment: batch.environment,
      action: batch.kind,
      currency: single?.currency ?? null,
      amount: single?.amount ?? null,
      destinationType: null,
      knownDestination: null,
      label,
    },
    submittedBy: actor.userId,
    submittedByEmail: actor.email,
    expiresAt: new Date((await nowFor(batch.environment)).getTime() + env().APPROVAL_EXPIRY_HOURS * 3_600_000),
    rule,
  });
  const moved = await moveBatch(db, batch.id, ["review"], "held", { ...submitted, submissionId: row.id });
  if (!moved) return { ok: false, code: "already_submitted", message: "This batch was submitted meanwhile." };
  if ((await rowsDigestOf(db, batch.id)) !== digest) {
    await denySubmission(db, row.id, actor.email, "Withdrawn: the batch changed while it was being submitted", now);
    await moveBatch(db, batch.id, ["held"], "review", { submissionId: null });
    return CHANGED_WHILE_SUBMITTING;
  }
  const needs = `${rule.approvalsRequired} approval${rule.approvalsRequired === 2 ? "s" : ""} from ${rule.approverRoles.join(" or ")}`;
  return {
    ok: true,
    held: {
      submissionId: row.id,
      message: `${breaches.length > 0 ? `Held by the runway floor: ${breachText(breaches)}. ` : ""}Waiting for approval: “${rule.name}” needs ${needs} (not you). Nothing was sent yet.`,
    },
  };
}

const CHANGED_WHILE_SUBMITTING = {
  ok: false as const,
  code: "changed_while_submitting",
  message: "A row changed while the batch was being submitted: check the totals and submit again.",
};

/**
 * A digest of the rows as they would be sent (issue 44): each row's number, whether it is
 * included and its body, in row order. Fixed at submit; the approval sends only rows that match.
 */
export async function rowsDigestOf(db: Executor, batchId: string): Promise<string> {
  const rows = await db
    .select({ rowNo: batchRows.rowNo, included: batchRows.included, body: batchRows.body })
    .from(batchRows)
    .where(eq(batchRows.batchId, batchId))
    .orderBy(asc(batchRows.rowNo));
  const hash = createHash("sha256");
  for (const r of rows) hash.update(`${r.rowNo}|${r.included ? 1 : 0}|${JSON.stringify(r.body)}\n`);
  return hash.digest("hex");
}

/** The last approval of a held batch: it starts sending (any instance's worker takes it). */
export async function startApprovedBatch(db: Executor, row: SubmissionRow): Promise<void> {
  const id = row.path.slice(BATCH_SUBMISSION_PATH.length);
  // Exactly what was approved (issue 44): rows that differ from the digest taken at submit are not sent.
  const approved = (row.body as { rows_sha256?: string } | null)?.rows_sha256;
  if (approved && approved !== (await rowsDigestOf(db, id))) {
    await finishSending(db, row.id, {
      status: "failed",
      responseStatus: 409,
      response: { error: { message: "The batch's rows differ from those approved: nothing was sent." } },
      resultId: null,
    });
    await moveBatch(db, id, ["held"], "denied", { finishedAt: new Date() });
    return;
  }
  const moved = await moveBatch(db, id, ["held"], "sending", { sendingAt: new Date() });
  await finishSending(
    db,
    row.id,
    moved
      ? { status: "sent", responseStatus: 202, response: { batch_id: id, status: "sending" }, resultId: id }
      : {
          status: "failed",
          responseStatus: 409,
          response: { error: { message: "The batch was no longer waiting for approval." } },
          resultId: null,
        },
  );
  if (moved) kickBatchWorker();
}

/** A held batch whose submission was denied or expired goes back to nothing sent (its page says why). */
export async function settleHeldBatch(
  db: Executor,
  batch: BatchRow,
  submissionStatus: string | null,
): Promise<boolean> {
  if (batch.status !== "held" || (submissionStatus !== "denied" && submissionStatus !== "expired")) return false;
  return moveBatch(db, batch.id, ["held"], "denied", { finishedAt: new Date() });
}
