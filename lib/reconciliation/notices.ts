import "server-only";
import { sql } from "drizzle-orm";
import { can, ROLES } from "@/lib/auth/permissions";
import type { Executor } from "@/lib/db/database";
import { queueNotices } from "@/lib/notices/queue";
import type { Environment } from "@/lib/schemas/catalog";

/**
 * A month closed or reopened for a currency (issue 64): everyone who may close months in that
 * environment hears it, but the person who did it. Queued in the transaction that locked or
 * unlocked it; the lock's own time names the event, so telling it twice is one notice.
 */
export async function noticeMonthLocked(
  db: Executor,
  environment: Environment,
  change: { currency: string; period: string; lockedAt: string; by: { userId: string; email: string } } & (
    | { locked: true }
    | { locked: false; reason: string }
  ),
): Promise<number> {
  const roles = ROLES.filter((r) => can(r, "reconciliation:close", environment));
  const where = environment === "production" ? "production" : "the sandbox";
  const tag = environment === "production" ? "[production] " : "";
  const what = change.locked ? "closed" : "reopened";
  return queueNotices(
    db,
    "month_locked",
    `${environment}:${change.currency}:${change.period}:${what}:${change.lockedAt}`,
    sql`u.role in (${sql.join(
      roles.map((r) => sql`${r}`),
      sql`, `,
    )}) and u.id <> ${change.by.userId}`,
    {
      subject: `${tag}${change.period} ${what} for ${change.currency}`,
      body: [
        `${change.by.email} ${what} ${change.period} for ${change.currency} in ${where}.`,
        change.locked
          ? "Its figures are kept as they were closed; a late item lands in the next open month as an adjustment."
          : `Why: ${change.reason}. Its figures may change again until it is closed.`,
      ].join("\n"),
      path: `/reconciliation?view=close&period=${encodeURIComponent(change.period)}&currency=${encodeURIComponent(change.currency)}`,
    },
  );
}
