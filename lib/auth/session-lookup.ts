import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db/connection";
import { authSecret, SESSION_REFRESH_SECONDS, SESSION_SECONDS } from "./auth";
import { AUTH_COOKIE_PREFIX } from "./config";
import { consoleSessions, consoleUsers } from "./schema";

/** What one query says about a session cookie's session and its person. */
export type SessionRow = {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  name: string;
  role: string | null;
  disabled: boolean | null;
  mustChangePassword: boolean | null;
  secondFactorEnabled: boolean | null;
  secondFactorAt: Date | null;
  /** The console's setting: roles that must have a second factor (issue 43). */
  secondFactorRoles: unknown;
};

/** The session token inside better-auth's signed cookie value (`token.base64(HMAC-SHA256)`), or null if the signature is wrong. */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  const value = cookieValue.includes("%") ? safeDecode(cookieValue) : cookieValue;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The session cookie's value among a request's cookies: over https only the `__Secure-` name,
 * which a sibling subdomain cannot plant (decision D13.5); over http only the plain one.
 */
export function sessionCookieValue(read: (name: string) => string | undefined, secure: boolean): string | undefined {
  return read(secure ? `__Secure-${AUTH_COOKIE_PREFIX}.session_token` : `${AUTH_COOKIE_PREFIX}.session_token`);
}

/**
 * The session behind a valid cookie in one indexed query, when nothing needs writing: the
 * session exists, has not expired and is not yet due to be extended. Anything else (no row,
 * expired, due for its hourly extension, a bad signature) returns "ask-better-auth", so
 * better-auth itself answers, extends or clears the cookie exactly as it always does. Saves
 * better-auth's endpoint machinery and its second query on every page and server action.
 */
export async function lookUpSession(cookieValue: string, now = Date.now()): Promise<SessionRow | "ask-better-auth"> {
  const token = verifiedToken(cookieValue, authSecret());
  if (!token) return "ask-better-auth";
  const { db } = await getDatabase();
  const [row] = await db
    .select({
      sessionId: consoleSessions.id,
      expiresAt: consoleSessions.expiresAt,
      userId: consoleUsers.id,
      email: consoleUsers.email,
      name: consoleUsers.name,
      role: consoleUsers.role,
      disabled: consoleUsers.disabled,
      mustChangePassword: consoleUsers.mustChangePassword,
      secondFactorEnabled: consoleUsers.secondFactorEnabled,
      secondFactorAt: consoleSessions.secondFactorAt,
      secondFactorRoles: sql<unknown>`(select value from console_settings where key = 'second_factor_required_roles')`,
    })
    .from(consoleSessions)
    .innerJoin(consoleUsers, eq(consoleUsers.id, consoleSessions.userId))
    .where(eq(consoleSessions.token, token))
    .limit(1);
  if (!row) return "ask-better-auth";
  const expires = row.expiresAt.getTime();
  const dueForExtension = expires - SESSION_SECONDS * 1000 + SESSION_REFRESH_SECONDS * 1000 <= now;
  if (expires <= now || dueForExtension) return "ask-better-auth";
  return row;
}
