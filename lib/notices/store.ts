import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { NOTICE_KINDS, type NoticeKind } from "./kinds";

/** A notice as the administrators' log shows it: never its body (it may name amounts), only what happened to it. */
export type NoticeLogRow = {
  id: string;
  kind: string;
  email: string;
  subject: string;
  status: "pending" | "sending" | "sent" | "failed";
  attempts: number;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string;
  last_error: string | null;
};

/** The newest notices first (console_notices_created_idx), at most `limit`. */
export function listNotices(db: Executor, limit = 50): Promise<NoticeLogRow[]> {
  return queryRows<NoticeLogRow>(
    db,
    sql`select id, kind, email, subject, status, attempts, created_at::text as created_at, sent_at::text as sent_at,
               next_attempt_at::text as next_attempt_at, last_error
          from console_notices order by created_at desc, id desc limit ${limit}`,
  );
}

/** Which notices reach this person by email: each kind on unless they turned it off. */
export async function noticeChoices(db: Executor, userId: string): Promise<Record<NoticeKind, boolean>> {
  const rows = await queryRows<{ kind: string; email: boolean }>(
    db,
    sql`select kind, email from console_notice_choices where user_id = ${userId}`,
  );
  const off = new Map(rows.map((r) => [r.kind, r.email]));
  return Object.fromEntries(NOTICE_KINDS.map((k) => [k, off.get(k) ?? true])) as Record<NoticeKind, boolean>;
}

export async function saveNoticeChoices(
  db: Executor,
  userId: string,
  choices: Record<NoticeKind, boolean>,
): Promise<void> {
  for (const kind of NOTICE_KINDS)
    await db.execute(
      sql`insert into console_notice_choices (user_id, kind, email) values (${userId}, ${kind}, ${choices[kind]})
          on conflict (user_id, kind) do update set email = excluded.email`,
    );
}

/** Notices sent or failed more than `days` ago are gone (housekeeping). */
export async function pruneNotices(db: Executor, days: number): Promise<void> {
  await db.execute(
    sql`delete from console_notices where status in ('sent', 'failed') and created_at < now() - make_interval(days => ${days})`,
  );
}
