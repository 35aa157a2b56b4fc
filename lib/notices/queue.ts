import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { NOTICE_LABELS, type NoticeKind } from "./kinds";

/** A notice's words: a subject, a body of plain text, and the console page it opens (a path). */
export type NoticeText = { subject: string; body: string; path: string };

/** The console's own address, for a notice's link: AUTH_URL where set, else the local one. */
export const consoleOrigin = (): string => (env().AUTH_URL ?? `http://localhost:${env().PORT}`).replace(/\/+$/, "");

/**
 * Queues one notice for each person `recipients` selects (a SQL condition on `u`, console_users)
 * who is not disabled and has not turned this kind off (unless asked for: a test notice, or a kind
 * always sent), in the caller's transaction, so a notice
 * exists exactly when what it tells of happened. `key` names the event: a second call for the
 * same event and person adds nothing (dedupe_key is unique), so a retried transaction, or two
 * instances telling of one event, send one mail. Returns how many were queued.
 */
export async function queueNotices(
  db: Executor,
  kind: NoticeKind,
  key: string,
  recipients: SQL,
  text: NoticeText,
  options: { whateverTheirChoices?: boolean } = {},
): Promise<number> {
  const link = `${consoleOrigin()}${text.path}`;
  const queued = await queryRows<{ id: string }>(
    db,
    sql`
    insert into console_notices (id, user_id, email, kind, dedupe_key, subject, body, link)
    select 'ntc_' || replace(gen_random_uuid()::text, '-', ''), u.id, u.email, ${kind}, ${`${kind}:${key}:`} || u.id,
           ${text.subject}, ${text.body}, ${link}
      from console_users u
     where not u.disabled and (${recipients})
       and (${options.whateverTheirChoices === true || NOTICE_LABELS[kind].always === true}
            or coalesce((select c.email from console_notice_choices c where c.user_id = u.id and c.kind = ${kind}), true))
    on conflict (dedupe_key) do nothing
    returning id`,
  );
  return queued.length;
}
