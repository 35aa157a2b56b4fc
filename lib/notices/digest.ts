import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/database";
import { addDays, dayIn, hourIn } from "@/lib/dates/calendar";
import { env } from "@/lib/env";
import { consoleOrigin } from "./queue";

/**
 * The last moment at or before `now` a digest kept at `hour` (merchant's time) was due: today's
 * hour if it has passed, else yesterday's. Notices held before it go in that digest.
 */
export function lastDigestMoment(timeZone: string, hour: number, now: Date): Date {
  const today = hourIn(timeZone, dayIn(timeZone, now), hour);
  return today.getTime() <= now.getTime() ? today : hourIn(timeZone, addDays(dayIn(timeZone, now), -1), hour);
}

type Held = { id: string; subject: string; link: string };

/** A digest's words: one line and link a notice, oldest first. */
export function digestText(held: readonly Held[]): { subject: string; body: string } {
  const count = held.length === 1 ? "1 notice" : `${held.length} notices`;
  return {
    subject: `Your daily digest: ${count}`,
    body: [
      `What the console told you since your last digest (${count}):`,
      "",
      ...held.map((n) => `- ${n.subject}\n  ${n.link}`),
    ].join("\n"),
  };
}

/** The people who keep a digest and have mails held for it (console_notices_held_idx, not history). */
export const digestPeopleStatement = (): SQL =>
  sql`select d.user_id, u.email, d.hour
        from console_notice_digests d join console_users u on u.id = d.user_id
       where not u.disabled
         and exists (select 1 from console_notices n where n.user_id = d.user_id and n.status = 'held')`;

/** A person's mails held before `before`, oldest first, locked for the digest that takes them. */
export const heldStatement = (userId: string, before: Date): SQL =>
  sql`select id, subject, link from console_notices
       where user_id = ${userId} and status = 'held' and created_at < ${before.toISOString()}
       order by created_at, id
       for update skip locked`;

/**
 * Gathers each person's held mails into their daily digest (issue 64) once their hour has come
 * in the merchant's time zone: one mail, queued in the outbox like any notice, listing every
 * notice held before that moment, which become `digested` in the same transaction. Keyed by the
 * person and the moment, and the held rows locked, so two instances make one digest. Reads only
 * people who have something held (console_notices_held_idx). Returns how many digests it queued.
 */
export async function gatherDigests(db: Db, now: Date, zone = env().MERCHANT_TIME_ZONE): Promise<number> {
  const people = await queryRows<{ user_id: string; email: string; hour: number }>(db, digestPeopleStatement());
  let queued = 0;
  for (const person of people) {
    const moment = lastDigestMoment(zone, person.hour, now);
    queued += await db.transaction(async (tx) => {
      const held = await queryRows<Held>(tx, heldStatement(person.user_id, moment));
      if (held.length === 0) return 0;
      const text = digestText(held);
      const [digest] = await queryRows<{ id: string }>(
        tx,
        sql`insert into console_notices (id, user_id, email, kind, dedupe_key, subject, body, link)
            values ('ntc_' || replace(gen_random_uuid()::text, '-', ''), ${person.user_id}, ${person.email}, 'digest',
                    ${`digest:${person.user_id}:${moment.toISOString()}`}, ${text.subject}, ${text.body},
                    ${`${consoleOrigin()}/account`})
            on conflict (dedupe_key) do nothing
            returning id`,
      );
      if (!digest) return 0;
      await tx.execute(
        sql`update console_notices set status = 'digested', digest_id = ${digest.id}
             where id in (${sql.join(
               held.map((n) => sql`${n.id}`),
               sql`, `,
             )})`,
      );
      return 1;
    });
  }
  return queued;
}
