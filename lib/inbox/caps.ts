import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { INBOX_CAPS } from "./types";

export { INBOX_CAPS };

/**
 * What one public receiver may cost (docs/decisions/ D13). Counted in the database, so every
 * console instance enforces the same caps. A refused request is answered 429 (or 413 for a
 * body over MAX_BODY_BYTES) and noted on the inbox, which shows the owner that, and why,
 * messages were refused.
 */

/**
 * A person's `settlement-console listen` receiver (lib/listen): its CLI catches up on a day of
 * events after a sleep, so it keeps that day (and an hour more) and up to 5,000 messages.
 */
export const LISTEN_RECEIVER_CAPS = { messages: 5_000, retentionHours: 25 } as const;

export type InboxRefusal = { status: 413 | 429; reason: string; retryAfterSeconds?: number };

/**
 * Counts this request against the inbox's per-second budget and looks at its fill, in one
 * statement. Null when there is no such inbox; otherwise the refusal, if any. now() is when a
 * transaction began, so one that waited for the row lock can carry an older second than the
 * row's: it counts in the newer window rather than reopening the old one (which let bursts
 * through at a second's edge).
 */
export async function admit(db: Executor, inboxId: string): Promise<{ refusal: InboxRefusal | null } | null> {
  const rows = await queryRows<{ rate_count: number; messages: string | number; purpose: string }>(
    db,
    sql`update inboxes set
          rate_count = case when rate_second >= date_trunc('second', now()) then rate_count + 1 else 1 end,
          rate_second = greatest(rate_second, date_trunc('second', now()))
        where id = ${inboxId}
        returning rate_count, purpose, (select count(*) from inbox_messages m where m.inbox_id = ${inboxId}) as messages`,
  );
  const row = rows[0];
  if (!row) return null;
  if (Number(row.rate_count) > INBOX_CAPS.requestsPerSecond) {
    return {
      refusal: {
        status: 429,
        reason: `more than ${INBOX_CAPS.requestsPerSecond} requests in one second`,
        retryAfterSeconds: 1,
      },
    };
  }
  const most = row.purpose === "listen" ? LISTEN_RECEIVER_CAPS.messages : INBOX_CAPS.messagesPerInbox;
  if (Number(row.messages) >= most) {
    return { refusal: { status: 429, reason: `the inbox holds ${most} messages (its limit)`, retryAfterSeconds: 60 } };
  }
  return { refusal: null };
}

/** Says on the inbox that a request was refused, and why (the owner sees it). */
export async function noteRefusal(db: Executor, inboxId: string, reason: string): Promise<void> {
  await db.execute(sql`
    update inboxes set refused_count = refused_count + 1, last_refused_at = now(), last_refused_reason = ${reason}
    where id = ${inboxId}`);
}

/** Housekeeping: deletes messages past the retention period; returns how many. */
export async function deleteExpiredMessages(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`with gone as (
          delete from inbox_messages where received_at < now() - make_interval(days => ${INBOX_CAPS.retentionDays})
            or (received_at < now() - make_interval(hours => ${LISTEN_RECEIVER_CAPS.retentionHours})
                and inbox_id in (select id from inboxes where purpose = 'listen'))
          returning 1
        ) select count(*) as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function ownedInboxCount(db: Executor, ownerUserId: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from inboxes where owner_user_id = ${ownerUserId} and purpose = 'inbox'`,
  );
  return Number(rows[0]?.n ?? 0);
}
