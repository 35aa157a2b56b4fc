import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getAuth } from "./auth";
import { isRole, type Role } from "./permissions";
import { isHttpsRequest } from "./request-origin";
import { lookUpSession, sessionCookieValue } from "./session-lookup";

/** The signed-in person, as every check sees them. */
export type Actor = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
  /** Signed in with a generated password: nothing but choosing their own until they do. */
  mustChangePassword: boolean;
};

/**
 * The person behind this request's session cookie, read from the database (once per request,
 * in one query on the common path: lib/auth/session-lookup.ts), or null: no cookie, an expired or deleted session, a disabled person, an unknown role.
 */
export const getActor = cache(async (): Promise<Actor | null> => {
  // The request first: it makes every page that asks dynamic, so a build never prerenders one
  // (and never needs the runtime's secrets). The cookie store, not the request's Cookie header:
  // after a server action replaced the session (a password change does), the page re-rendered
  // in the same response must see the new one.
  const [incoming, cookieStore] = await Promise.all([headers(), cookies()]);
  const secure = await isHttpsRequest(incoming);
  const cookieValue = sessionCookieValue((name) => cookieStore.get(name)?.value, secure);
  if (!cookieValue) return null;
  // One query when nothing needs writing; better-auth for the rest (extension, expiry, clearing).
  const row = await lookUpSession(cookieValue);
  if (row !== "ask-better-auth") return toActor(row);
  const requestHeaders = new Headers(incoming);
  requestHeaders.set("cookie", cookieStore.toString());
  const auth = await getAuth(secure);
  const result = await auth.api.getSession({ headers: requestHeaders });
  if (!result) return null;
  const { user, session } = result;
  return toActor({ ...user, userId: user.id, sessionId: session.id });
});

/** A session's person as every check sees them, or null if disabled or of an unknown role. */
function toActor(p: {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role?: string | null;
  disabled?: boolean | null;
  mustChangePassword?: boolean | null;
}): Actor | null {
  if (p.disabled === true || !isRole(p.role)) return null;
  return {
    userId: p.userId,
    email: p.email,
    name: p.name,
    role: p.role,
    sessionId: p.sessionId,
    mustChangePassword: p.mustChangePassword === true,
  };
}
