import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { eq } from "drizzle-orm";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import type { Db } from "@/lib/db/database";
import { AUTH_COOKIE_PREFIX } from "./config";
import { authModels, consoleUsers } from "./schema";

/** Twelve hours: a working day. Refreshed at most once an hour while in use. */
export const SESSION_SECONDS = 60 * 60 * 12;
/** A session in use is extended at most this often (better-auth's updateAge). */
export const SESSION_REFRESH_SECONDS = 60 * 60;

/** A fixed secret for development and tests only; a production server refuses to start without AUTH_SECRET. */
const DEVELOPMENT_SECRET = "development-only-secret-never-used-in-production";

/** The secret in effect (read at run time, never at build time). */
export function authSecret(): string {
  const secret = env().AUTH_SECRET ?? process.env.BETTER_AUTH_SECRET;
  if (secret) return secret;
  if (process.env.NODE_ENV === "production") {
    throw new Error("AUTH_SECRET is not set: run `node scripts/ensure-env.mjs` (npm start does) or set it.");
  }
  return DEVELOPMENT_SECRET;
}

/**
 * better-auth over the app's one database: email and password, no public sign-up, sessions in
 * console_sessions (looked up on every request: a role change or a disabled person takes effect
 * at once). Only the endpoints the console uses are served under /api/auth.
 */
export function createAuth(db: Db, options: { secureCookies?: boolean } = {}) {
  const e = env();
  return betterAuth({
    appName: "Settlement Console",
    secret: authSecret(),
    baseURL: e.AUTH_URL ?? {
      allowedHosts: ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*"],
      fallback: `http://localhost:${e.PORT}`,
    },
    database: drizzleAdapter(db, { provider: "pg", schema: authModels }),
    user: {
      modelName: "console_users",
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "support", input: false },
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
        mustChangePassword: { type: "boolean", required: false, defaultValue: false, input: false },
        secondFactorEnabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: {
      modelName: "console_sessions",
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      // Set by lib/auth/second-factor.ts when the session proves the second factor; never by a client.
      additionalFields: { secondFactorAt: { type: "date", required: false, input: false } },
    },
    account: { modelName: "console_credentials" },
    verification: { modelName: "console_verifications" },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: 12,
      maxPasswordLength: 128,
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // Secure (and __Secure- prefixed) whenever the request came over https: lib/auth/request-origin.ts.
      useSecureCookies: options.secureCookies ?? e.AUTH_URL?.startsWith("https://") ?? false,
    },
    // The console signs in through its own server actions; nothing else is reachable over HTTP.
    // Every path that checks a password goes through the actions, with their one throttle and
    // audit trail: better-auth's own password endpoints are closed (auth.api calls still work).
    disabledPaths: [
      "/sign-in/email",
      "/change-password",
      "/set-password",
      "/sign-up/email",
      "/update-user",
      "/delete-user",
      "/delete-user/callback",
      "/change-email",
      "/request-password-reset",
      "/reset-password",
      "/verify-email",
      "/send-verification-email",
      "/link-social",
      "/unlink-account",
      "/sign-in/social",
      "/callback/:id",
      "/refresh-token",
      "/get-access-token",
      "/account-info",
    ],
    // No password is checked over HTTP here; the sign-in action's throttle lives in the database
    // (lib/auth/throttle.ts). better-auth's own limiter is per process and keyed on a header a
    // client sets, so it is off rather than pretending.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    databaseHooks: {
      session: {
        create: {
          // A disabled person gets no new session (their old ones were deleted when disabled).
          async before(session) {
            const [user] = await db
              .select({ disabled: consoleUsers.disabled })
              .from(consoleUsers)
              .where(eq(consoleUsers.id, session.userId))
              .limit(1);
            if (!user || user.disabled) {
              throw new APIError("FORBIDDEN", { message: "This account is disabled.", code: "ACCOUNT_DISABLED" });
            }
          },
        },
      },
    },
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __consoleAuth?: Map<boolean, Promise<Auth>> };
const instances = (holder.__consoleAuth ??= new Map());

/**
 * The process's auth instance for plain http or https requests (they differ only in the
 * session cookie's Secure flag and name), over the shared database. Callers pass
 * `await isHttpsRequest()` (lib/auth/request-origin.ts).
 */
export function getAuth(secureCookies = false): Promise<Auth> {
  let instance = instances.get(secureCookies);
  if (!instance) {
    instance = getDatabase()
      .then((database) => createAuth(database.db, { secureCookies: secureCookies || undefined }))
      .catch((error: unknown) => {
        instances.delete(secureCookies);
        throw error;
      });
    instances.set(secureCookies, instance);
  }
  return instance;
}
