import "server-only";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { consoleUsers } from "@/lib/auth/schema";
import type { Executor } from "@/lib/db/database";
import { consoleListenSessions } from "./schema";
import type { ListenSessionView } from "./types";

/**
 * Listening sessions (decisions D18.4): one row per `settlement-console listen` run, kept across
 * its reconnects (the CLI sends its session id back). Open while its stream shows signs of
 * life; an administrator (or its person) may end one, and the CLI then stops.
 */
export type SessionRow = typeof consoleListenSessions.$inferSelect;

/** A session without a sign of life for this long is shown as gone quiet (the CLI sleeps or was killed)… */
export const QUIET_AFTER_SECONDS = 90;
/** …and after this long, as ended. */
export const GONE_AFTER_SECONDS = 3_600;

export async function openSession(
  db: Executor,
  input: { id: string; userId: string; tokenId: string; forwardTo: string; eventTypes: string[] | null },
): Promise<SessionRow> {
  const [row] = await db
    .insert(consoleListenSessions)
    .values({
      id: input.id,
      userId: input.userId,
      tokenId: input.tokenId,
      forwardTo: input.forwardTo,
      eventTypes: input.eventTypes?.join(",") ?? null,
    })
    .returning();
  return row;
}

export async function findSession(db: Executor, id: string, userId: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(consoleListenSessions)
    .where(and(eq(consoleListenSessions.id, id), eq(consoleListenSessions.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A sign of life; false when the session was ended meanwhile. */
export async function touchSession(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(consoleListenSessions)
    .set({ seenAt: new Date() })
    .where(and(eq(consoleListenSessions.id, id), isNull(consoleListenSessions.endedAt)))
    .returning({ id: consoleListenSessions.id });
  return rows.length === 1;
}

/** One delivery the CLI made, as it reported it. */
export async function recordDelivery(
  db: Executor,
  id: string,
  userId: string,
  result: { status: number | null; verdict: string },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(consoleListenSessions)
    .set({
      deliveries: sql`${consoleListenSessions.deliveries} + 1`,
      lastAt: now,
      seenAt: now,
      lastStatus: result.status,
      lastVerdict: result.verdict,
    })
    .where(and(eq(consoleListenSessions.id, id), eq(consoleListenSessions.userId, userId)))
    .returning({ id: consoleListenSessions.id });
  return rows.length === 1;
}

/** Ends a session (`userId` null: any person's, for an administrator); the row ended, or null. */
export async function endSession(
  db: Executor,
  id: string,
  userId: string | null,
  reason: string,
): Promise<SessionRow | null> {
  const [row] = await db
    .update(consoleListenSessions)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(
      and(
        eq(consoleListenSessions.id, id),
        userId ? eq(consoleListenSessions.userId, userId) : undefined,
        isNull(consoleListenSessions.endedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Sessions the Inbox page shows: still open or ended in the last day, newest first (every
 * person's for an administrator, else one's own). Bounded by the limit and the partial index.
 */
export async function listSessions(db: Executor, userId: string | null, limit = 50): Promise<ListenSessionView[]> {
  const recent = or(
    isNull(consoleListenSessions.endedAt),
    gt(consoleListenSessions.endedAt, sql`now() - interval '1 day'`),
  );
  const rows = await db
    .select({ s: consoleListenSessions, email: consoleUsers.email, name: consoleUsers.name })
    .from(consoleListenSessions)
    .innerJoin(consoleUsers, eq(consoleUsers.id, consoleListenSessions.userId))
    .where(and(recent, userId ? eq(consoleListenSessions.userId, userId) : undefined))
    .orderBy(desc(consoleListenSessions.startedAt))
    .limit(limit);
  const now = Date.now();
  return rows.map(({ s, email, name }) => ({
    id: s.id,
    person: { email, name },
    forwardTo: s.forwardTo,
    eventTypes: s.eventTypes ? s.eventTypes.split(",") : null,
    startedAt: s.startedAt.toISOString(),
    seenAt: s.seenAt.toISOString(),
    ...stateOf(s, now),
    deliveries: s.deliveries,
    last: s.lastAt ? { at: s.lastAt.toISOString(), status: s.lastStatus, verdict: s.lastVerdict ?? "" } : null,
  }));
}

function stateOf(s: SessionRow, now: number): Pick<ListenSessionView, "state" | "endedAt" | "endedReason"> {
  if (s.endedAt) return { state: "ended", endedAt: s.endedAt.toISOString(), endedReason: s.endedReason };
  const silent = now - s.seenAt.getTime();
  if (silent > GONE_AFTER_SECONDS * 1000)
    return { state: "ended", endedAt: s.seenAt.toISOString(), endedReason: "no sign of life for an hour" };
  return { state: silent > QUIET_AFTER_SECONDS * 1000 ? "quiet" : "live", endedAt: null, endedReason: null };
}

/** Housekeeping: sessions ended (or silent) for a week go. */
export async function pruneSessions(db: Executor): Promise<void> {
  await db.execute(sql`delete from console_listen_sessions where seen_at < now() - interval '7 days'`);
}
