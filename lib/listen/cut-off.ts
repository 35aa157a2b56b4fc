import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { publishStop, type ListenStop } from "./control";
import { consoleAccessTokens, consoleListenSessions } from "./schema";

/**
 * When an administrator resets a person's password, changes their role or disables them, what
 * that person could do without a password stops too (issue 42): every personal access token they
 * hold is revoked, and every open `listen` session ends, on whichever instance holds its stream
 * (the CLI stops rather than reconnects). A token made before the change must not outlive it.
 */
export async function cutOffPerson(
  db: Executor,
  userId: string,
  reason: string,
  options: { now?: Date; publish?: (stop: ListenStop) => Promise<void> } = {},
): Promise<{ tokens: number; sessions: number }> {
  const now = options.now ?? new Date();
  const publish = options.publish ?? publishStop;
  const tokens = await db
    .update(consoleAccessTokens)
    .set({ revokedAt: now, revokedBy: reason })
    .where(and(eq(consoleAccessTokens.userId, userId), isNull(consoleAccessTokens.revokedAt)))
    .returning({ id: consoleAccessTokens.id });
  const sessions = await db
    .update(consoleListenSessions)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(consoleListenSessions.userId, userId), isNull(consoleListenSessions.endedAt)))
    .returning({ id: consoleListenSessions.id });
  for (const session of sessions) await publish({ userId, sessionId: session.id, reason });
  return { tokens: tokens.length, sessions: sessions.length };
}
