import "server-only";
import type { Actor } from "@/lib/auth/session";
import { nowFor } from "@/lib/approvals/clock";
import { governingRule, type Rule, type SubmissionFacts } from "@/lib/approvals/rules";
import { currentRules, finishSending, insertSubmission, type SubmissionRow } from "@/lib/approvals/store";
import { BATCH_SUBMISSION_PATH } from "@/lib/approvals/types";
import { inUsd } from "@/lib/approvals/usd";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/money/format";
import type { Decimal } from "decimal.js";
import { moveBatch, progressOf, totalsOf, type BatchRow } from "./store";
import type { BatchTotals } from "./types";
import { kickBatchWorker } from "./worker";

/**
 * A production batch is never sent without a person's approval (issue 32: "no automatic
 * approval"): when no rule of the console holds it, this one does (decisions D20.5).
 */
const PRODUCTION_BATCH_RULE: Rule = {
  id: "batch-payout",
  version: 1,
  name: "Batch payout",
  enabled: true,
  conditions: {
    environments: ["production"],
    actions: ["disbursement", "settlement_request"],
    currencies: [],
    amountAtLeast: null,
    amountIn: "submission",
    destinationTypes: [],
    newDestinationOnly: false,
  },
  approvalsRequired: 1,
  approverRoles: ["admin", "finance"],
  createdBy: "console",
  createdAt: "",
};

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
export async function submitReviewedBatch(db: Executor, batch: BatchRow, actor: Actor): Promise<SubmitOutcome> {
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
  const totals = await totalsOf(db, batch.id);
  const rules = await currentRules(db);
  const facts = await factsOfTotals(
    batch,
    totals,
    rules.some((r) => r.enabled && r.conditions.amountIn === "USD" && r.conditions.amountAtLeast !== null),
  );
  const rule = pickRule(rules, facts) ?? (batch.environment === "production" ? PRODUCTION_BATCH_RULE : null);
  const now = new Date();
  const submitted = { totals, submittedAt: now, submittedByEmail: actor.email };
  if (!rule) {
    const moved = await moveBatch(db, batch.id, ["review"], "sending", { ...submitted, sendingAt: now });
    if (!moved) return { ok: false, code: "already_submitted", message: "This batch was submitted meanwhile." };
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
      totals,
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
  const needs = `${rule.approvalsRequired} approval${rule.approvalsRequired === 2 ? "s" : ""} from ${rule.approverRoles.join(" or ")}`;
  return {
    ok: true,
    held: {
      submissionId: row.id,
      message: `Waiting for approval: “${rule.name}” needs ${needs} (not you). Nothing was sent yet.`,
    },
  };
}

/** Each currency's total as the facts a rule reads (priced in USD when a rule asks in USD). */
async function factsOfTotals(batch: BatchRow, totals: BatchTotals, priceInUsd: boolean): Promise<SubmissionFacts[]> {
  const rates = new Map<string, Decimal | null>();
  return Promise.all(
    totals.map(async (t) => ({
      environment: batch.environment,
      action: batch.kind,
      currency: t.currency,
      amount: t.amount,
      amountUsd: priceInUsd ? await inUsd(batch.environment, t.currency, t.amount, rates) : null,
      destinationType: batch.kind === "disbursement" ? ("wallet" as const) : null,
      knownDestination: null,
      label: `${t.amount} ${t.currency}`,
    })),
  );
}

/** Of the rules matching any currency's total, the one asking for the most approvals. */
function pickRule(rules: Rule[], facts: SubmissionFacts[]): Rule | null {
  let chosen: Rule | null = null;
  for (const f of facts) {
    const rule = governingRule(rules, f);
    if (rule && (!chosen || rule.approvalsRequired > chosen.approvalsRequired)) chosen = rule;
  }
  return chosen;
}

/** The last approval of a held batch: it starts sending (any instance's worker takes it). */
export async function startApprovedBatch(db: Executor, row: SubmissionRow): Promise<void> {
  const id = row.path.slice(BATCH_SUBMISSION_PATH.length);
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
