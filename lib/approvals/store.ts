import "server-only";
import { noticeApprovalWaiting } from "./notices";
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { maskBankFields } from "@/lib/schemas/mask";
import type { Role } from "@/lib/auth/permissions";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Rule, RuleBody, SubmissionFacts } from "./rules";
import { approvalRules, submissionApprovals, submissions, type SubmissionStatus } from "./schema";
import type { SubmissionView } from "./types";

/**
 * The console's own tables for money controls (decisions D19). Rules are versioned: a change
 * writes a new version and moves `current`; a held submission keeps the version, the approvals
 * and the roles it was held under.
 */
type RuleRow = typeof approvalRules.$inferSelect;

function toRule(row: RuleRow): Rule {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    enabled: row.enabled,
    conditions: row.conditions,
    approvalsRequired: row.approvalsRequired as 1 | 2,
    approverRoles: row.approverRoles as Rule["approverRoles"],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function currentRules(db: Executor): Promise<Rule[]> {
  const rows = await db
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.current, true))
    .orderBy(asc(approvalRules.createdAt));
  return rows.map(toRule);
}

export async function findRule(db: Executor, id: string): Promise<Rule | null> {
  const [row] = await db
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.id, id), eq(approvalRules.current, true)))
    .limit(1);
  return row ? toRule(row) : null;
}

/** Saves a rule: version 1 of a new one, or the next version of `id` (the old one stays, no longer current). */
export async function saveRule(db: Executor, body: RuleBody, by: string, id?: string): Promise<Rule | null> {
  return db.transaction(async (tx) => {
    let version = 1;
    const ruleId = id ?? `rule_${randomBytes(8).toString("base64url")}`;
    if (id) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`approval-rule:${id}`}))`);
      const [latest] = await tx
        .update(approvalRules)
        .set({ current: false })
        .where(and(eq(approvalRules.id, id), eq(approvalRules.current, true)))
        .returning({ version: approvalRules.version });
      if (!latest) return null;
      version = latest.version + 1;
    }
    const [row] = await tx
      .insert(approvalRules)
      .values({
        id: ruleId,
        version,
        name: body.name,
        enabled: body.enabled,
        conditions: body.conditions,
        approvalsRequired: body.approvalsRequired,
        approverRoles: body.approverRoles,
        createdBy: by,
      })
      .returning();
    return toRule(row);
  });
}

export type SubmissionRow = typeof submissions.$inferSelect;
export type NewSubmission = Pick<
  SubmissionRow,
  | "environment"
  | "action"
  | "actionName"
  | "method"
  | "path"
  | "idempotencyKey"
  | "body"
  | "facts"
  | "submittedBy"
  | "submittedByEmail"
  | "expiresAt"
> & { rule: Rule; status?: "offered" | "pending"; heldBecause?: "rule" | "daily_limit" | "duplicate" };

export async function insertSubmission(db: Executor, input: NewSubmission): Promise<SubmissionRow> {
  const [row] = await db
    .insert(submissions)
    .values({
      id: `sub_${randomBytes(9).toString("base64url")}`,
      environment: input.environment,
      action: input.action,
      actionName: input.actionName,
      method: input.method,
      path: input.path,
      idempotencyKey: input.idempotencyKey,
      body: input.body,
      facts: input.facts,
      submittedBy: input.submittedBy,
      submittedByEmail: input.submittedByEmail,
      expiresAt: input.expiresAt,
      ruleId: input.rule.id,
      ruleVersion: input.rule.version,
      ruleName: input.rule.name,
      approvalsRequired: input.rule.approvalsRequired,
      approverRoles: input.rule.approverRoles,
      status: input.status ?? "pending",
      heldBecause: input.heldBecause ?? "rule",
    })
    .returning();
  // Those who may approve it hear that it waits (an offered one waits for its author first).
  await noticeApprovalWaiting(db, row);
  return row;
}

/** Its author asks for approval of a submission offered past their daily limit: it joins the queue (and its expiry starts now). */
export async function submitOffered(
  db: Executor,
  id: string,
  userId: string,
  expiresAt: Date,
): Promise<SubmissionRow | null> {
  const [row] = await db
    .update(submissions)
    .set({ status: "pending", submittedAt: new Date(), expiresAt })
    .where(and(eq(submissions.id, id), eq(submissions.submittedBy, userId), eq(submissions.status, "offered")))
    .returning();
  if (row) await noticeApprovalWaiting(db, row);
  return row ?? null;
}

export async function findSubmission(db: Executor, id: string): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
  return row ?? null;
}

export type ApprovalRow = typeof submissionApprovals.$inferSelect;

export async function approvalsOf(db: Executor, ids: string[]): Promise<ApprovalRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(submissionApprovals)
    .where(inArray(submissionApprovals.submissionId, ids))
    .orderBy(asc(submissionApprovals.at));
}

/** One approval; false when this person had already approved (they never count twice). */
export async function addApproval(
  db: Executor,
  submissionId: string,
  person: { userId: string; email: string; role: string },
): Promise<boolean> {
  const rows = await db
    .insert(submissionApprovals)
    .values({ submissionId, userId: person.userId, email: person.email, role: person.role })
    .onConflictDoNothing()
    .returning({ userId: submissionApprovals.userId });
  return rows.length === 1;
}

/**
 * Takes the right to send: pending, not expired at `now`, with enough approvals. One statement,
 * so of two instances (or two clicks) only one gets the row back and sends.
 */
export async function claimForSending(db: Executor, id: string, now: Date): Promise<SubmissionRow | null> {
  const [row] = await db
    .update(submissions)
    .set({ status: "sending", sendingAt: now, decidedAt: now })
    .where(
      and(
        eq(submissions.id, id),
        eq(submissions.status, "pending"),
        sql`${submissions.expiresAt} > ${now}`,
        sql`(select count(*) from console_submission_approvals a where a.submission_id = ${submissions.id}) >= ${submissions.approvalsRequired}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function finishSending(
  db: Executor,
  id: string,
  outcome: {
    status: "sent" | "failed";
    responseStatus: number | null;
    response: unknown;
    resultId: string | null;
    secretSealed?: string | null;
  },
): Promise<void> {
  await db
    .update(submissions)
    .set({
      status: outcome.status,
      responseStatus: outcome.responseStatus,
      response: outcome.response,
      resultId: outcome.resultId,
      secretSealed: outcome.secretSealed ?? null,
    })
    .where(and(eq(submissions.id, id), eq(submissions.status, "sending")));
}

export async function denySubmission(
  db: Executor,
  id: string,
  by: string,
  reason: string,
  now: Date,
): Promise<SubmissionRow | null> {
  const [row] = await db
    .update(submissions)
    .set({ status: "denied", deniedBy: by, denyReason: reason, decidedAt: now })
    .where(and(eq(submissions.id, id), eq(submissions.status, "pending")))
    .returning();
  return row ?? null;
}

/** Marks pending submissions of `environment` past their expiry at `now` (that environment's clock) expired; returns how many. */
export async function expireDue(db: Executor, environment: "sandbox" | "production", now: Date): Promise<number> {
  const rows = await db
    .update(submissions)
    .set({ status: "expired", decidedAt: now })
    .where(
      and(eq(submissions.status, "pending"), eq(submissions.environment, environment), lt(submissions.expiresAt, now)),
    )
    .returning({ id: submissions.id });
  // Their money movements are withdrawn too: no longer a possible duplicate of anything.
  if (rows.length > 0)
    await db.execute(
      sql`update console_money_calls set status = 'withdrawn', finished_at = now()
          where status = 'held' and submission_id in (${sql.join(
            rows.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
    );
  return rows.length;
}

/** The queue (pending first, oldest first) or the history (newest first), bounded. */
export async function listSubmissions(
  db: Executor,
  filter: { status: "pending" | "decided"; submittedBy?: string; limit?: number },
): Promise<SubmissionRow[]> {
  const limit = filter.limit ?? 100;
  const mine = filter.submittedBy ? eq(submissions.submittedBy, filter.submittedBy) : undefined;
  if (filter.status === "pending") {
    return db
      .select()
      .from(submissions)
      .where(and(eq(submissions.status, "pending"), mine))
      .orderBy(asc(submissions.submittedAt))
      .limit(limit);
  }
  return db
    .select()
    .from(submissions)
    .where(and(sql`${submissions.status} not in ('pending', 'offered')`, mine))
    .orderBy(desc(submissions.submittedAt))
    .limit(limit);
}

/** Pending submissions `person` may approve (the shell's badge): their role is asked, they did not submit, they have not approved. */
export async function awaitingCount(db: Executor, person: { userId: string; role: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        eq(submissions.status, "pending"),
        sql`${submissions.expiresAt} > now()`,
        sql`${person.role} = any(${submissions.approverRoles})`,
        sql`${submissions.submittedBy} <> ${person.userId}`,
        sql`not exists (select 1 from console_submission_approvals a where a.submission_id = ${submissions.id} and a.user_id = ${person.userId})`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** `now`: the submission's environment's clock (the sandbox clock in sandbox). */
export function toSubmissionView(row: SubmissionRow, approvals: ApprovalRow[], now: Date): SubmissionView {
  const status: SubmissionStatus =
    row.status === "pending" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
  return {
    id: row.id,
    environment: row.environment,
    action: row.action,
    method: row.method,
    path: row.path,
    idempotencyKey: row.idempotencyKey,
    // Bank identifiers masked for every reader (issue 43); an approver reveals one deliberately (audited).
    body: maskBankFields(row.body),
    facts: row.facts as SubmissionFacts,
    submittedBy: { userId: row.submittedBy, email: row.submittedByEmail },
    submittedAt: row.submittedAt.toISOString(),
    rule: { id: row.ruleId, version: row.ruleVersion, name: row.ruleName },
    approvalsRequired: row.approvalsRequired,
    approverRoles: row.approverRoles as Role[],
    approvals: approvals
      .filter((a) => a.submissionId === row.id)
      .map((a) => ({ email: a.email, role: a.role, at: a.at.toISOString() })),
    expiresAt: row.expiresAt.toISOString(),
    status,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    deniedBy: row.deniedBy,
    denyReason: row.denyReason,
    responseStatus: row.responseStatus,
    resultId: row.resultId,
    response: row.response,
    heldBecause: row.heldBecause,
    secretWaiting: row.secretSealed !== null,
  };
}

/** Hands the waiting secret to the submission's author, once: it is erased in the same statement. */
export async function takeSecret(db: Executor, id: string, userId: string): Promise<string | null> {
  const rows = await queryRows<{ secret: string }>(
    db,
    sql`update console_submissions s set secret_sealed = null, secret_revealed_at = now()
        from (select id, secret_sealed from console_submissions where id = ${id} for update) old
        where s.id = old.id and s.submitted_by = ${userId} and old.secret_sealed is not null
        returning old.secret_sealed as secret`,
  );
  return rows[0]?.secret ?? null;
}

/** The submission whose approval sent `resultId` (a request, disbursement or payment), with who approved it. */
export async function approvalOfResult(
  db: Executor,
  resultId: string,
): Promise<{ id: string; submittedBy: string; approvedBy: string[] } | null> {
  const [row] = await db
    .select({ id: submissions.id, submittedBy: submissions.submittedByEmail })
    .from(submissions)
    .where(and(eq(submissions.resultId, resultId), eq(submissions.status, "sent")))
    .limit(1);
  if (!row) return null;
  const approvals = await approvalsOf(db, [row.id]);
  return { ...row, approvedBy: approvals.map((a) => a.email) };
}
