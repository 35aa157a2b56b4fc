import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getActor, type Actor } from "@/lib/auth/session";
import { can, isRole, type Permission } from "@/lib/auth/permissions";
import { getDatabase } from "@/lib/db/connection";
import type { Environment } from "@/lib/schemas/catalog";
import { queryRows, type Executor } from "@/lib/db/database";

/**
 * Who may keep a live stream open (docs/decisions/ D13.11): a signed-in person whose role has
 * the stream's permission and who has chosen their own password, checked as the stream opens
 * and again every minute by the stream (lib/inbox/sse.ts; a person disabled, demoted or signed out loses the stream within a
 * minute); at most MAX_STREAMS_PER_PERSON at once across every instance, counted in
 * console_live_streams (a row an instance left behind stops counting after STALE_SECONDS).
 */
export const MAX_STREAMS_PER_PERSON = 5;
const STALE_SECONDS = 150;

export type StreamGrant = {
  actor: Actor;
  streamId: string;
  stillAllowed: () => Promise<boolean>;
  release: () => Promise<void>;
};
export type StreamRefusal = { status: 401 | 403 | 429; code: string; message: string };

export async function openStreamGrant(
  permission: Permission,
  environment: Environment | null,
): Promise<StreamGrant | StreamRefusal> {
  const actor = await getActor();
  if (!actor) return { status: 401, code: "unauthorized", message: "Sign in first." };
  if (actor.mustChangePassword)
    return { status: 403, code: "password_change_required", message: "Choose your own password first." };
  if (actor.secondFactor === "pending" || actor.secondFactor === "setup-required")
    return { status: 403, code: "second_factor_required", message: "Prove your second factor first." };
  if (!can(actor.role, permission, environment))
    return { status: 403, code: "forbidden", message: "Your role cannot open this stream." };
  const { db } = await getDatabase();
  const streamId = randomUUID();
  if (!(await claimStreamSlot(db, actor.userId, streamId))) {
    return {
      status: 429,
      code: "too_many_streams",
      message: `At most ${MAX_STREAMS_PER_PERSON} live views at once: close one in another tab.`,
    };
  }
  return {
    actor,
    streamId,
    stillAllowed: async () =>
      (await sessionStillAllows(db, actor.sessionId, permission, environment)) && (await touchStream(db, streamId)),
    release: () => releaseStream(db, streamId),
  };
}

/**
 * Takes a slot for a new stream unless the person already has the most. The person's advisory
 * lock is taken first, in its own statement: the count runs after it with a fresh snapshot (a
 * count in the same statement would read the snapshot from before the wait), so two instances
 * cannot both take the last slot.
 */
export async function claimStreamSlot(db: Executor, userId: string, streamId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`live-streams:${userId}`}))`);
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`insert into console_live_streams (id, user_id, seen_at)
          select ${streamId}, ${userId}, now()
          where (select count(*) from console_live_streams
                 where user_id = ${userId} and seen_at > now() - make_interval(secs => ${STALE_SECONDS})) < ${MAX_STREAMS_PER_PERSON}
          returning id`,
    );
    return rows.length === 1;
  });
}

export async function touchStream(db: Executor, streamId: string): Promise<boolean> {
  await db.execute(sql`update console_live_streams set seen_at = now() where id = ${streamId}`);
  return true;
}

export async function releaseStream(db: Executor, streamId: string): Promise<void> {
  await db.execute(sql`delete from console_live_streams where id = ${streamId} or seen_at < now() - interval '1 hour'`);
}

/** The session still exists and has not expired; its person is enabled, has chosen a password and still has the permission. */
export async function sessionStillAllows(
  db: Executor,
  sessionId: string,
  permission: Permission,
  environment: Environment | null,
): Promise<boolean> {
  const [row] = await queryRows<{
    role: string | null;
    disabled: boolean | null;
    must_change_password: boolean | null;
  }>(
    db,
    sql`select u.role, u.disabled, u.must_change_password from console_sessions s join console_users u on u.id = s.user_id
        where s.id = ${sessionId} and s.expires_at > now()`,
  );
  if (!row || row.disabled === true || row.must_change_password === true || !isRole(row.role)) return false;
  return can(row.role, permission, environment);
}
