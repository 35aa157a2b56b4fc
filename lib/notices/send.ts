import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";

/** One mail, as the outbox hands it to the mailer. */
export type NoticeMail = { id: string; to: string; subject: string; text: string };
export type Mailer = (mail: NoticeMail) => Promise<void>;

/** Minutes before attempt n + 1 after n failed; the last failure ends the notice as failed. */
export const NOTICE_RETRY_MINUTES = [1, 5, 15, 60, 240, 720, 1440] as const;
/** How long a claimed notice is another instance's before it may be taken again (a crash mid-send). */
const LEASE_SECONDS = 120;

type Claimed = { id: string; email: string; subject: string; body: string; link: string; attempts: number };

/**
 * Sends what is due (issue 64): claims up to `limit` notices whose time has come (pending, or
 * claimed by an instance that stopped before its lease ended), FOR UPDATE SKIP LOCKED, so two
 * instances never claim one; hands each to `mail`; a success is sent, a failure waits for its
 * next attempt (NOTICE_RETRY_MINUTES) and the last one ends it failed, with the reason kept. A
 * broken SMTP server delays notices and loses none. Returns how many were sent.
 */
export async function sendDueNotices(db: Executor, mail: Mailer, limit = 20): Promise<number> {
  const claimed = await queryRows<Claimed>(
    db,
    sql`update console_notices n
           set status = 'sending', attempts = n.attempts + 1,
               next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
         where n.id in (select id from console_notices
                         where status in ('pending', 'sending') and next_attempt_at <= now()
                         order by next_attempt_at limit ${limit}
                         for update skip locked)
        returning n.id, n.email, n.subject, n.body, n.link, n.attempts`,
  );
  let sent = 0;
  for (const notice of claimed) {
    try {
      await mail({
        id: notice.id,
        to: notice.email,
        subject: notice.subject,
        text: `${notice.body}\n\n${notice.link}\n`,
      });
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
