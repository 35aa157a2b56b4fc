import "server-only";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { count, eq } from "drizzle-orm";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import { recordAudit } from "./audit";
import { getAuth } from "./auth";
import { consoleUsers } from "./schema";
import { createUser } from "./users";

export const DEFAULT_ADMIN_EMAIL = "admin@console.local";

const holder = globalThis as typeof globalThis & { __consoleAdminBootstrap?: Promise<void> };

/**
 * On a console with no administrator, creates one: ADMIN_EMAIL (or admin@console.local) with
 * ADMIN_PASSWORD, or a generated password written once to DATA_DIR/first-admin-password.txt (mode
 * 0600; only its path is printed, never the password). Runs at server start
 * (instrumentation.ts); idempotent.
 */
export function ensureAdministrator(): Promise<void> {
  holder.__consoleAdminBootstrap ??= createFirstAdministrator().catch((error: unknown) => {
    holder.__consoleAdminBootstrap = undefined;
    throw error;
  });
  return holder.__consoleAdminBootstrap;
}

async function createFirstAdministrator(): Promise<void> {
  const { db } = await getDatabase();
  const [admins] = await db.select({ n: count() }).from(consoleUsers).where(eq(consoleUsers.role, "admin"));
  if ((admins?.n ?? 0) > 0) return;

  const e = env();
  const email = e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const created = await createUser(await getAuth(), {
    email,
    name: "Administrator",
    role: "admin",
    password: e.ADMIN_PASSWORD,
  });
  if (!created.ok) {
    // Someone signs in with that email already: make them the administrator rather than lock everyone out.
    await db
      .update(consoleUsers)
      .set({ role: "admin", disabled: false })
      .where(eq(consoleUsers.email, email.toLowerCase()));
    console.log(`[auth] ${email} is now the console's administrator.`);
    return;
  }
  await recordAudit({ actor: null, email, action: "bootstrapAdministrator", targetId: created.user.id, result: "ok" });
  // A generated password never goes to the log: it is written once to a file only its owner can read.
  const where = e.ADMIN_PASSWORD ? null : writeOwnerOnly(e.DATA_DIR, email, created.password);
  const lines = [
    "",
    "━━ Settlement Console: first administrator ━━",
    `  email:    ${email}`,
    where
      ? `  password: in ${where} (readable by this user only; sign in, change it under Account, delete the file)`
      : "  password: the one in ADMIN_PASSWORD",
    "",
  ];
  console.log(lines.join("\n"));
}

/**
 * Deletes DATA_DIR/first-admin-password.txt once its administrator has chosen their own password
 * (issue 42): the file would otherwise keep a password that no longer works, or worse, one that
 * still does if they only signed in. Only a file naming `email` on its first line is removed.
 */
export function forgetFirstAdminPassword(dataDir: string, email: string): boolean {
  const path = resolve(dataDir, "first-admin-password.txt");
  if (!existsSync(path)) return false;
  const first = readFileSync(path, "utf8").split("\n", 1)[0]?.trim().toLowerCase();
  if (first !== email.trim().toLowerCase()) return false;
  rmSync(path, { force: true });
  return true;
}

/** Writes the generated password to DATA_DIR/first-admin-password.txt, mode 0600; returns the path. */
export function writeOwnerOnly(dataDir: string, email: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(dataDir, "first-admin-password.txt");
  rmSync(path, { force: true });
  writeFileSync(path, `${email}\n${password}\n`, { mode: 0o600, flag: "wx" });
  return path;
}
