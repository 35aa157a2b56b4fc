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
 * Queues the notices of one event (issue 64) for each person `recipients` selects (a SQL
 * condition on `u`, console_users) who is not disabled, in the caller's transaction, so a notice
 * exists exactly when what it tells of happened. Each person's choice for this kind routes it: by
 * email (held for their daily digest if they keep one), to their team's chat channel, or nowhere.
 * A test notice and a kind always sent go by email at once, whatever was chosen. People of one
 * team who chose chat make one message in its channel, which names them. `key` names the event:
 * a second call for the same event adds nothing (dedupe_key is unique, per person or per
 * channel), so a retried transaction, or two instances telling of one event, send once. Returns
 * how many notices were queued.
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
  const forced = options.whateverTheirChoices === true || NOTICE_LABELS[kind].always === true;
  const dedupe = `${kind}:${key}:`;
  const [queued] = await queryRows<{ n: number }>(
    db,
    sql`
    with wanted as (
      select u.id, u.email, ch.id as channel_id
        from console_users u
        left join console_notice_choices c on c.user_id = u.id and c.kind = ${kind}
        left join console_notice_channels ch on ch.team = u.role and c.channel = 'chat' and not ${forced}
       where not u.disabled and (${recipients}) and (${forced} or coalesce(c.email, true))
    ), mails as (
      insert into console_notices (id, user_id, email, kind, dedupe_key, subject, body, link, status)
      select 'ntc_' || replace(gen_random_uuid()::text, '-', ''), w.id, w.email, ${kind}, ${dedupe} || w.id,
             ${text.subject}, ${text.body}, ${link},
             case when not ${forced} and exists (select 1 from console_notice_digests d where d.user_id = w.id)
                  then 'held' else 'pending' end
        from wanted w where w.channel_id is null
      on conflict (dedupe_key) do nothing
      returning id
    ), chats as (
      insert into console_notices (id, kind, dedupe_key, subject, body, link, channel_id, recipients)
      select 'ntc_' || replace(gen_random_uuid()::text, '-', ''), ${kind}, ${dedupe} || 'chat:' || w.channel_id,
             ${text.subject}, 'For ' || string_agg(w.email, ', ' order by w.email) || E'\n\n' || ${text.body}, ${link},
             w.channel_id, jsonb_agg(w.id order by w.email)
        from wanted w where w.channel_id is not null group by w.channel_id
      on conflict (dedupe_key) do nothing
      returning id
    )
    select ((select count(*) from mails) + (select count(*) from chats))::int as n`,
  );
  return queued?.n ?? 0;
}
