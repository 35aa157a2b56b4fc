import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import type { Auth } from "./auth";
import type { Role } from "./permissions";
import { consoleSessions, consoleUsers } from "./schema";

export type ConsoleUser = Pick<
  typeof consoleUsers.$inferSelect,
  "id" | "name" | "email" | "role" | "disabled" | "createdAt" | "secondFactorEnabled"
>;

/** A one-time password: 20 url-safe characters (120 bits), shown once and never stored in clear. */
export const generatePassword = (): string => randomBytes(15).toString("base64url");

/** The columns of a person the console shows (never the password hash). */
const USER_COLUMNS = {
  id: consoleUsers.id,
  name: consoleUsers.name,
  email: consoleUsers.email,
  role: consoleUsers.role,
  disabled: consoleUsers.disabled,
  createdAt: consoleUsers.createdAt,
  secondFactorEnabled: consoleUsers.secondFactorEnabled,
};

export async function listUsers(db: Executor): Promise<ConsoleUser[]> {
  return db.select(USER_COLUMNS).from(consoleUsers).orderBy(asc(consoleUsers.createdAt));
}

export async function findUser(db: Executor, id: string): Promise<ConsoleUser | null> {
  const rows = await db.select(USER_COLUMNS).from(consoleUsers).where(eq(consoleUsers.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Whether an email (lower case) is a person of the console, enabled or not. */
export async function isConsoleEmail(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: consoleUsers.id })
    .from(consoleUsers)
    .where(eq(consoleUsers.email, email))
    .limit(1);
  return rows.length > 0;
}

/** Enabled administrators other than `exceptId`: the console must never lose its last one. */
export async function countOtherActiveAdmins(db: Executor, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.role, "admin"), eq(consoleUsers.disabled, false), ne(consoleUsers.id, exceptId)));
  return row?.n ?? 0;
}

export type CreateUserError = { code: "email_taken"; message: string };

/**
 * Creates a person with a role and a password (generated unless given), through better-auth's
 * own adapter and hasher so they sign in like anyone else.
 */
export async function createUser(
  auth: Auth,
  input: { email: string; name: string; role: Role; password?: string },
): Promise<
  { ok: true; user: { id: string; email: string }; password: string } | { ok: false; error: CreateUserError }
> {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  if (await ctx.internalAdapter.findUserByEmail(email)) {
    return { ok: false, error: { code: "email_taken", message: "Someone already signs in with this email." } };
  }
  const password = input.password ?? generatePassword();
  const hash = await ctx.password.hash(password);
  // A generated password was seen by someone else (the administrator, a file): the person replaces it first.
  const mustChangePassword = input.password === undefined;
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name.trim(), emailVerified: true, role: input.role, disabled: false, mustChangePassword },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return { ok: true, user: { id: user.id, email: user.email }, password };
}

/** Sets a new one-time password (to be replaced at the next sign-in) and signs the person out everywhere. */
export async function resetPassword(auth: Auth, db: Executor, userId: string): Promise<string> {
  const ctx = await auth.$context;
  const password = generatePassword();
  await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash(password));
  await setMustChangePassword(db, userId, true);
  await ctx.internalAdapter.deleteUserSessions(userId);
  return password;
}

export async function setMustChangePassword(db: Executor, userId: string, must: boolean): Promise<void> {
  await db
    .update(consoleUsers)
    .set({ mustChangePassword: must, updatedAt: new Date() })
    .where(eq(consoleUsers.id, userId));
}

export async function setRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db.update(consoleUsers).set({ role, updatedAt: new Date() }).where(eq(consoleUsers.id, userId));
}

/** Disabling also deletes the person's sessions: they are out at their next click. */
export async function setDisabled(db: Executor, userId: string, disabled: boolean): Promise<void> {
  await db.update(consoleUsers).set({ disabled, updatedAt: new Date() }).where(eq(consoleUsers.id, userId));
  if (disabled) await db.delete(consoleSessions).where(eq(consoleSessions.userId, userId));
}
