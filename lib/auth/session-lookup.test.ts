/**
 * The one-query session path agrees with better-auth: the same person for a fresh session, and
 * "ask-better-auth" (which then extends, expires or clears) for everything else.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createHmac } from "node:crypto";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, type Database } from "@/lib/db/database";

const holder = vi.hoisted(() => ({ database: null as Database | null }));
vi.mock("@/lib/db/connection", () => ({
  getDatabase: async () => {
    if (!holder.database) throw new Error("database not open");
    return holder.database;
  },
}));

const { authSecret, createAuth, SESSION_REFRESH_SECONDS, SESSION_SECONDS } = await import("./auth");
const { createUser, setDisabled } = await import("./users");
const { lookUpSession, sessionCookieValue, verifiedToken } = await import("./session-lookup");
const { consoleSessions } = await import("./schema");

let database: Database;
let auth: ReturnType<typeof createAuth>;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: "memory://session-lookup-test" });
  await migrate(database.db);
  holder.database = database;
  auth = createAuth(database.db);
});
afterAll(async () => {
  await database.close();
});

/** Signs in and returns the session cookie's value exactly as the browser sends it. */
async function signedCookie(email: string): Promise<string> {
  const password = "a-long-enough-password-1";
  await createUser(auth, { email, name: "Lookup Test", role: "finance", password });
  const result = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true, headers: new Headers() });
  const pair = result.headers.get("set-cookie")?.split(";")[0] ?? "";
  const value = sessionCookieValue(
    (name) => (pair.startsWith(`${name}=`) ? pair.slice(name.length + 1) : undefined),
    false,
  );
  if (!value) throw new Error("no session cookie");
  return value;
}

/** A cookie value signed the way better-call signs (checked against a real one below). */
const sign = (token: string) =>
  encodeURIComponent(`${token}.${createHmac("sha256", authSecret()).update(token).digest("base64")}`);

describe("sessionCookieValue", () => {
  // finding 10 of the security review: a plain cookie planted from a sibling subdomain over https
  it("reads only the __Secure- cookie over https and only the plain one over http", () => {
    const jar: Record<string, string> = {
      "console.session_token": "planted",
      "__Secure-console.session_token": "real",
    };
    expect(sessionCookieValue((n) => jar[n], true)).toBe("real");
    expect(sessionCookieValue((n) => jar[n], false)).toBe("planted");
    expect(sessionCookieValue((n) => ({ "console.session_token": "planted" })[n], true)).toBeUndefined();
  });
});

describe("verifiedToken", () => {
  it("accepts the cookie better-auth set, encoded or not, and nothing else", async () => {
    const signed = await signedCookie("lookup-signature@example.com");
    const token = verifiedToken(signed, authSecret());
    expect(token).toMatch(/^\w{16,}$/);
    expect(sign(token ?? "")).toBe(signed.includes("%") ? signed : encodeURIComponent(signed));
    expect(verifiedToken(decodeURIComponent(signed), authSecret())).toBe(token);
    expect(verifiedToken(signed, "another-secret")).toBeNull();
    expect(verifiedToken(decodeURIComponent(signed).replace(/^./, "x"), authSecret())).toBeNull();
    expect(verifiedToken(token ?? "", authSecret())).toBeNull();
    expect(verifiedToken(`${token}.`, authSecret())).toBeNull();
  });
});

describe("lookUpSession", () => {
  it("finds a fresh session's person in one query, as better-auth does", async () => {
    const cookie = await signedCookie("lookup-fresh@example.com");
    const row = await lookUpSession(cookie);
    const viaAuth = await auth.api.getSession({ headers: new Headers({ cookie: `console.session_token=${cookie}` }) });
    if (row === "ask-better-auth" || !viaAuth) throw new Error("expected a session");
    expect(row).toMatchObject({
      sessionId: viaAuth.session.id,
      userId: viaAuth.user.id,
      email: "lookup-fresh@example.com",
      role: "finance",
    });
  });

  it("leaves an expired session, one due for its extension, an unknown token and a forged signature to better-auth", async () => {
    const cookie = await signedCookie("lookup-edges@example.com");
    const token = verifiedToken(cookie, authSecret()) ?? "";
    const now = Date.now();
    // Due for the hourly extension: issued more than an hour ago.
    const issuedLongAgo = new Date(now + (SESSION_SECONDS - SESSION_REFRESH_SECONDS - 5) * 1000);
    await database.db.update(consoleSessions).set({ expiresAt: issuedLongAgo }).where(eq(consoleSessions.token, token));
    expect(await lookUpSession(cookie, now)).toBe("ask-better-auth");
    await database.db
      .update(consoleSessions)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(consoleSessions.token, token));
    expect(await lookUpSession(cookie, now)).toBe("ask-better-auth");
    expect(await lookUpSession(sign("no-such-token"))).toBe("ask-better-auth");
    expect(await lookUpSession(cookie.replace(/.$/, cookie.endsWith("A") ? "B" : "A"))).toBe("ask-better-auth");
  });

  it("reports a disabled person's flag (their sessions are deleted too)", async () => {
    const cookie = await signedCookie("lookup-disabled@example.com");
    const row = await lookUpSession(cookie);
    if (row === "ask-better-auth") throw new Error("expected a session");
    expect(row.disabled).toBe(false);
    await setDisabled(database.db, row.userId, true);
    expect(await lookUpSession(cookie)).toBe("ask-better-auth");
  });
});
