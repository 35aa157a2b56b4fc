import "server-only";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { consoleSessions } from "./schema";

/**
 * One's own sessions (issue 61): where one is signed in, from which address and browser, when
 * last seen, and whether the second factor was proved there; ending one, or every other one.
 * Deleting the row ends the session on every instance at its next click (the session is read
 * from the database on every request).
 */
export type SessionView = {
  id: string;
  current: boolean;
  device: string;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  secondFactor: boolean;
};

/** "Chrome on Linux" from a User-Agent, or what it says in short. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : /curl\//.test(userAgent)
            ? "curl"
            : null;
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

export async function listMySessions(db: Executor, userId: string, currentId: string): Promise<SessionView[]> {
  const rows = await db
    .select()
    .from(consoleSessions)
    .where(and(eq(consoleSessions.userId, userId), gt(consoleSessions.expiresAt, new Date())))
    .orderBy(desc(consoleSessions.updatedAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    current: r.id === currentId,
    device: deviceOf(r.userAgent),
    address: r.ipAddress,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.updatedAt.toISOString(),
    secondFactor: r.secondFactorAt !== null,
  }));
}

/** Ends one of one's own sessions (never another person's); true when it was there. */
export async function endMySession(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(consoleSessions)
    .where(and(eq(consoleSessions.id, id), eq(consoleSessions.userId, userId)))
    .returning({ id: consoleSessions.id });
  return rows.length === 1;
}

/** Ends every session of one's own but this one: how many. */
export async function endMyOtherSessions(db: Executor, userId: string, currentId: string): Promise<number> {
  const rows = await db
    .delete(consoleSessions)
    .where(and(eq(consoleSessions.userId, userId), ne(consoleSessions.id, currentId)))
    .returning({ id: consoleSessions.id });
  return rows.length;
}

/** Ends every session of a person (an administrator's "Sign out everywhere"): how many. */
export async function endAllSessionsOf(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .delete(consoleSessions)
    .where(eq(consoleSessions.userId, userId))
    .returning({ id: consoleSessions.id });
  return rows.length;
}
