import "server-only";
import { sql } from "drizzle-orm";
import { openSecret } from "@/lib/crypto/secret-box";
import { queryRows, type Executor } from "@/lib/db/database";
import type { ChatPoster } from "./chat";
import type { ChatService } from "./kinds";

/** One mail, as the outbox hands it to the mailer. */
export type NoticeMail = { id: string; to: string; subject: string; text: string };
export type Mailer = (mail: NoticeMail) => Promise<void>;

/** Minutes before attempt n + 1 after n failed; the last failure ends the notice as failed. */
export const NOTICE_RETRY_MINUTES = [1, 5, 15, 60, 240, 720, 1440] as const;
/** How long a claimed notice is another instance's before it may be taken again (a crash mid-send). */
const LEASE_SECONDS = 120;

type Claimed = {
  id: string;
  email: string | null;
  subject: string;
  body: string;
  link: string;
  attempts: number;
  service: ChatService | null;
  url: string | null;
};

/** How notices leave: by mail (null when no SMTP server is configured) and to chat channels. */
export type NoticeSenders = { mail: Mailer | null; chat: ChatPoster };

/**
 * Sends what is due (issue 64): claims up to `limit` notices whose time has come (pending, or
 * claimed by an instance that stopped before its lease ended), FOR UPDATE SKIP LOCKED, so two
 * instances never claim one; hands each to its sender; a success is sent, a failure waits for its
 * next attempt (NOTICE_RETRY_MINUTES) and the last one ends it failed, with the reason kept. A
 * broken SMTP server or chat service delays notices and loses none. A mail waits while no SMTP
 * server is configured; a chat message goes to its team's channel (its URL opened from its seal
 * only here). Returns how many were sent.
 */
export async function sendDueNotices(db: Executor, senders: NoticeSenders, limit = 20): Promise<number> {
  const claimed = await queryRows<Claimed>(
    db,
    sql`with due as (
          select id from console_notices
           where status in ('pending', 'sending') and next_attempt_at <= now()
             and (${senders.mail !== null} or channel_id is not null)
           order by next_attempt_at limit ${limit}
           for update skip locked)
        update console_notices n
           set status = 'sending', attempts = n.attempts + 1,
               next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          from due
         where n.id = due.id
        returning n.id, n.email, n.subject, n.body, n.link, n.attempts,
                  (select ch.kind from console_notice_channels ch where ch.id = n.channel_id) as service,
                  (select ch.url from console_notice_channels ch where ch.id = n.channel_id) as url`,
  );
  let sent = 0;
  for (const notice of claimed) {
    try {
      if (notice.service && notice.url)
        await senders.chat({
          id: notice.id,
          service: notice.service,
          url: openSecret(notice.url),
          subject: notice.subject,
          text: notice.body,
          link: notice.link,
        });
      else if (senders.mail && notice.email)
        await senders.mail({
          id: notice.id,
          to: notice.email,
          subject: notice.subject,
          text: `${notice.body}\n\n${notice.link}\n`,
        });
      else throw new Error("No SMTP server is configured");
      await db.execute(
        sql`update console_notices set status = 'sent', sent_at = now(), last_error = null
             where id = ${notice.id} and status = 'sending'`,
      );
      sent++;
    } catch (error) {
      const wait = NOTICE_RETRY_MINUTES[notice.attempts - 1];
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      await db.execute(
        wait === undefined
          ? sql`update console_notices set status = 'failed', last_error = ${reason} where id = ${notice.id}`
          : sql`update console_notices set status = 'pending', last_error = ${reason},
                       next_attempt_at = now() + make_interval(mins => ${wait})
                 where id = ${notice.id}`,
      );
    }
  }
  return sent;
}
