import "server-only";
import { withoutParameters } from "@/lib/db/availability";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getAuth } from "./auth";
import { isRole, type Role } from "./permissions";
import { isHttpsRequest } from "./request-origin";
import { lookUpSession, sessionCookieValue } from "./session-lookup";
import { parseRequiredRoles, requiredRoles, secondFactorState, type SecondFactorState } from "./second-factor";
import { getDatabase } from "@/lib/db/connection";

/** The signed-in person, as every check sees them. */
export type Actor = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
  /** Signed in with a generated password: nothing but choosing their own until they do. */
  mustChangePassword: boolean;
  /** Where this session stands with the second factor (lib/auth/second-factor.ts). */
  secondFactor: SecondFactorState;
  /** When this session last proved it (sign-in or a step-up); null: not in this session. */
  secondFactorAt: Date | null;
};

/**
 * The person behind this request's session cookie, read from the database (once per request,
 * in one query on the common path: lib/auth/session-lookup.ts), or null: no cookie, an expired or deleted session, a disabled person, an unknown role.
 */
export const getSessionPerson = cache(async (): Promise<Actor | null> => {
  // The request first: it makes every page that asks dynamic, so a build never prerenders one
  // (and never needs the runtime's secrets). The cookie store, not the request's Cookie header:
  // after a server action replaced the session (a password change does), the page re-rendered
  // in the same response must see the new one.
  const [incoming, cookieStore] = await Promise.all([headers(), cookies()]);
  const secure = await isHttpsRequest(incoming);
  const cookieValue = sessionCookieValue((name) => cookieStore.get(name)?.value, secure);
  if (!cookieValue) return null;
  // One query when nothing needs writing; better-auth for the rest (extension, expiry, clearing).
  // A failed read never carries the cookie's token into an error (and so a log): issue 58.
  const row = await lookUpSession(cookieValue).catch((error: unknown) => {
    throw withoutParameters(error, "reading the session");
  });
  if (row !== "ask-better-auth") return toActor(row);
  const requestHeaders = new Headers(incoming);
  requestHeaders.set("cookie", cookieStore.toString());
  const auth = await getAuth(secure);
  const result = await auth.api.getSession({ headers: requestHeaders }).catch((error: unknown) => {
    throw withoutParameters(error, "reading the session");
  });
  if (!result) return null;
  const { user, session } = result;
  const extra = session as typeof session & { secondFactorAt?: Date | string | null };
  return toActor({
    ...user,
    userId: user.id,
    sessionId: session.id,
    secondFactorAt: extra.secondFactorAt ? new Date(extra.secondFactorAt) : null,
    secondFactorRoles: await requiredRoles((await getDatabase()).db),
  });
});

/**
 * The signed-in person for everything but the sign-in page and the permission check: null while
 * the session still owes its second factor (issue 43), so no page or read renders anything for a
 * password alone. The sign-in page asks for the code (or the set-up) of `getSessionPerson()`.
 */
export const getActor = cache(async (): Promise<Actor | null> => {
  const person = await getSessionPerson();
  return person && (person.secondFactor === "off" || person.secondFactor === "verified") ? person : null;
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
  secondFactorEnabled?: boolean | null;
  secondFactorAt?: Date | null;
  secondFactorRoles?: unknown;
}): Actor | null {
  if (p.disabled === true || !isRole(p.role)) return null;
  const secondFactorAt = p.secondFactorEnabled === true ? (p.secondFactorAt ?? null) : null;
  return {
    userId: p.userId,
    email: p.email,
    name: p.name,
    role: p.role,
    sessionId: p.sessionId,
    mustChangePassword: p.mustChangePassword === true,
    secondFactor: secondFactorState({
      enabled: p.secondFactorEnabled === true,
      provedAt: secondFactorAt,
      role: p.role,
      requiredRoles: parseRequiredRoles(p.secondFactorRoles),
    }),
    secondFactorAt,
  };
}
