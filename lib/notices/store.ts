import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Role } from "@/lib/auth/permissions";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { NOTICE_KINDS, type ChatService, type NoticeChannelView, type NoticeKind, type NoticeRoute } from "./kinds";

/** A notice as the administrators' log shows it: never its body (it may name amounts), only what happened to it. */
export type NoticeLogRow = {
  id: string;
  kind: string;
  /** The person's address, or null for a message to a team's chat channel. */
  email: string | null;
  /** The channel a chat notice went to ("Slack #payments-ops"), or null for a mail. */
  channel: string | null;
  subject: string;
  status: "pending" | "sending" | "sent" | "failed" | "held" | "digested";
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
    sql`select n.id, n.kind, n.email, n.subject, n.status, n.attempts, n.created_at::text as created_at,
               n.sent_at::text as sent_at, n.next_attempt_at::text as next_attempt_at, n.last_error,
               (select case ch.kind when 'slack' then 'Slack ' else 'Teams ' end || ch.name || ' (' || ch.team || ')'
                  from console_notice_channels ch where ch.id = n.channel_id) as channel
          from console_notices n order by n.created_at desc, n.id desc limit ${limit}`,
  );
}

/** Where each notice reaches this person: by email unless they chose their team's chat or turned it off. */
export async function noticeChoices(db: Executor, userId: string): Promise<Record<NoticeKind, NoticeRoute>> {
  const rows = await queryRows<{ kind: string; email: boolean; channel: string }>(
    db,
    sql`select kind, email, channel from console_notice_choices where user_id = ${userId}`,
  );
  const chosen = new Map(
    rows.map((r) => [r.kind, !r.email ? "off" : r.channel === "chat" ? "chat" : "email"] as const),
  );
  return Object.fromEntries(NOTICE_KINDS.map((k) => [k, chosen.get(k) ?? "email"])) as Record<NoticeKind, NoticeRoute>;
}

/**
 * Saves a person's routes and digest hour (null: every mail at once). Turning the digest off
 * sends what it held now, in the same transaction.
 */
export async function saveNoticeChoices(
  db: Executor,
  userId: string,
  choices: Record<NoticeKind, NoticeRoute>,
  digestHour: number | null,
): Promise<void> {
  for (const kind of NOTICE_KINDS)
    await db.execute(
      sql`insert into console_notice_choices (user_id, kind, email, channel)
          values (${userId}, ${kind}, ${choices[kind] !== "off"}, ${choices[kind] === "chat" ? "chat" : "email"})
          on conflict (user_id, kind) do update set email = excluded.email, channel = excluded.channel`,
    );
  if (digestHour === null) {
    await db.execute(sql`delete from console_notice_digests where user_id = ${userId}`);
    await db.execute(
      sql`update console_notices set status = 'pending', next_attempt_at = now()
           where user_id = ${userId} and status = 'held'`,
    );
  } else
    await db.execute(
      sql`insert into console_notice_digests (user_id, hour) values (${userId}, ${digestHour})
          on conflict (user_id) do update set hour = excluded.hour`,
    );
}

/** The hour of this person's daily digest in the merchant's time zone, or null (every mail at once). */
export async function digestHour(db: Executor, userId: string): Promise<number | null> {
  const [row] = await queryRows<{ hour: number }>(
    db,
    sql`select hour from console_notice_digests where user_id = ${userId}`,
  );
  return row?.hour ?? null;
}

/** The host a channel's URL points at, for people to recognise it by (never the path: it holds the token). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}

type ChannelRow = { id: string; team: Role; kind: ChatService; name: string; url: string };

const channelRows = (db: Executor, team: Role | null) =>
  queryRows<ChannelRow>(
    db,
    sql`select id, team, kind, name, url from console_notice_channels
         where ${team === null} or team = ${team} order by team`,
  );

/** A channel as people see it: its URL opened only to show the host. */
const viewOf = (r: ChannelRow): NoticeChannelView => ({
  id: r.id,
  team: r.team,
  service: r.kind,
  name: r.name,
  host: hostOf(openSecret(r.url)),
});

/** Every team's chat channel, by team. */
export async function listNoticeChannels(db: Executor): Promise<NoticeChannelView[]> {
  return (await channelRows(db, null)).map(viewOf);
}

/** The chat channel of one team, if it has one. */
export async function channelOfTeam(db: Executor, team: Role): Promise<NoticeChannelView | null> {
  const [row] = await channelRows(db, team);
  return row ? viewOf(row) : null;
}

/** Where a team's channel is posted to (its URL opened): for the administrators' test message only. */
export async function channelTarget(
  db: Executor,
  team: Role,
): Promise<{ id: string; service: ChatService; name: string; url: string } | null> {
  const [row] = await channelRows(db, team);
  return row ? { id: row.id, service: row.kind, name: row.name, url: openSecret(row.url) } : null;
}

/** Sets a team's channel (one a team: a new one replaces the old), its URL sealed. */
export async function saveNoticeChannel(
  db: Executor,
  channel: { team: Role; service: ChatService; name: string; url: string; createdBy: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into console_notice_channels (id, team, kind, name, url, created_by)
        values ('nch_' || replace(gen_random_uuid()::text, '-', ''), ${channel.team}, ${channel.service},
                ${channel.name}, ${sealSecret(channel.url)}, ${channel.createdBy})
        on conflict (team) do update
          set kind = excluded.kind, name = excluded.name, url = excluded.url,
              created_by = excluded.created_by, created_at = now()
        returning id`,
  );
  return (row as { id: string }).id;
}

/**
 * Removes a team's channel. Its messages not yet sent become mails to the people they were for
 * (none is lost with the channel), then the channel and its messages go. True if there was one.
 */
export async function removeNoticeChannel(db: Executor, team: Role): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [channel] = await queryRows<{ id: string }>(
      tx,
      sql`select id from console_notice_channels where team = ${team} for update`,
    );
    if (!channel) return false;
    await tx.execute(
      sql`insert into console_notices (id, user_id, email, kind, dedupe_key, subject, body, link)
          select 'ntc_' || replace(gen_random_uuid()::text, '-', ''), u.id, u.email, n.kind,
                 replace(n.dedupe_key, 'chat:' || n.channel_id, u.id), n.subject,
                 regexp_replace(n.body, '^For [^\n]*\n\n', ''), n.link
            from console_notices n
            cross join lateral jsonb_array_elements_text(coalesce(n.recipients, '[]'::jsonb)) r(id)
            join console_users u on u.id = r.id and not u.disabled
           where n.channel_id = ${channel.id} and n.status in ('pending', 'sending')
          on conflict (dedupe_key) do nothing`,
    );
    await tx.execute(sql`delete from console_notice_channels where id = ${channel.id}`);
    return true;
  });
}

/** Notices sent, failed or digested more than `days` ago are gone (housekeeping). */
export async function pruneNotices(db: Executor, days: number): Promise<void> {
  await db.execute(
    sql`delete from console_notices where status in ('sent', 'failed', 'digested') and created_at < now() - make_interval(days => ${days})`,
  );
}
