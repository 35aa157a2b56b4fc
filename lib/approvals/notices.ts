import "server-only";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { formatUtcMinute } from "@/lib/dashboard/format-date";
import { formatMoney } from "@/lib/money/format";
import { mailLabel } from "@/lib/notices/mail-label";
import { queueNotices } from "@/lib/notices/queue";
import { CONTROLLED_ACTION_LABELS } from "./rule-catalog";
import type { submissions } from "./schema";

type SubmissionRow = typeof submissions.$inferSelect;

/**
 * What approvals tell people (issue 64), queued in the transaction that made it true. A notice
 * names the submission by its one-line label (amounts at their places, destinations shortened,
 * never a full account number), carries no secret, and opens the submission's page: nothing can
 * be approved from a mail.
 */

const where = (row: Pick<SubmissionRow, "environment">) =>
  row.environment === "production" ? "production" : "the sandbox";
const roles = (list: readonly string[]) => list.join(" or ");

/** Everyone whose role may approve `row`, but its author, hears that it waits for them. */
export async function noticeApprovalWaiting(db: Executor, row: SubmissionRow): Promise<number> {
  if (row.status !== "pending") return 0;
  const approvers = sql.join(
    row.approverRoles.map((r) => sql`${r}`),
    sql`, `,
  );
  const needed = row.approvalsRequired === 1 ? "1 approval" : `${row.approvalsRequired} approvals`;
  return queueNotices(db, "approval_waiting", row.id, sql`u.role in (${approvers}) and u.id <> ${row.submittedBy}`, {
    subject: `${row.environment === "production" ? "[production] " : ""}Approval waits: ${mailLabel(row.facts.label)}`,
    body: [
      `${row.submittedByEmail} asks for approval in ${where(row)}: ${CONTROLLED_ACTION_LABELS[row.action]}, ${mailLabel(row.facts.label)}.`,
      `Rule: ${row.ruleName}. It needs ${needed} from ${roles(row.approverRoles)} and expires at ${formatUtcMinute(row.expiresAt)}.`,
      "Open it in the console to approve or deny it; nothing can be approved from this mail.",
    ].join("\n"),
    path: `/approvals/${encodeURIComponent(row.id)}`,
  });
}

/** The author hears how their submission ended: sent, failed when sent, or denied (and why). */
export async function noticeSubmissionDecided(
  db: Executor,
  row: SubmissionRow,
  by: { email: string },
): Promise<number> {
  const outcome =
    row.status === "sent"
      ? { subject: "Approved and sent", line: `Approved by ${by.email} and sent.` }
      : row.status === "failed"
        ? {
            subject: "Approved, but sending failed",
            line: `Approved by ${by.email}; the service refused it when sent.`,
          }
        : row.status === "denied"
          ? { subject: "Denied", line: `Denied by ${by.email}: ${row.denyReason ?? "no reason given"}.` }
          : null;
  if (!outcome) return 0;
  return queueNotices(db, "submission_decided", `${row.id}:${row.status}`, sql`u.id = ${row.submittedBy}`, {
    subject: `${row.environment === "production" ? "[production] " : ""}${outcome.subject}: ${mailLabel(row.facts.label)}`,
    body: [
      `Your submission in ${where(row)}: ${CONTROLLED_ACTION_LABELS[row.action]}, ${mailLabel(row.facts.label)}.`,
      outcome.line,
    ].join("\n"),
    path: `/approvals/${encodeURIComponent(row.id)}`,
  });
}

/** The share of a daily limit whose crossing tells its person (issue 64). */
export const LIMIT_WARNING_SHARE = new Decimal("0.8");

/**
 * A payment that went on its way took what its author sent today from under 80% of their daily
 * limit to 80% or more (issue 64): they hear it once a day, with what is left and until when,
 * queued in the transaction that counted the payment. `dayStart` names the day.
 */
export async function noticeDailyLimitNearlyUsed(
  db: Executor,
  call: { userId: string; before: string; amountUsd: string | null; limitUsd: string; dayStart: Date; zone: string },
): Promise<number> {
  if (call.amountUsd === null) return 0;
  const limit = new Decimal(call.limitUsd);
  if (limit.lte(0)) return 0;
  const after = new Decimal(call.before).plus(call.amountUsd);
  const line = limit.times(LIMIT_WARNING_SHARE);
  if (new Decimal(call.before).gte(line) || after.lt(line)) return 0;
  const share = after.div(limit).times(100).floor().toFixed(0);
  const left = Decimal.max(limit.minus(after), 0).toFixed(2);
  return queueNotices(
    db,
    "daily_limit_nearly_used",
    `${call.userId}:${call.dayStart.toISOString()}`,
    sql`u.id = ${call.userId}`,
    {
      subject: `${share}% of your daily limit is used`,
      body: [
        `You have sent ${formatMoney(after.toFixed(2), "USD")} in production today, ${share}% of your daily limit of ${formatMoney(limit.toFixed(2), "USD")}.`,
        `${formatMoney(left, "USD")} is left until the day ends at midnight (${call.zone}).`,
        "A payment over what is left can still be submitted for approval.",
      ].join("\n"),
      path: "/approvals",
    },
  );
}
