/**
 * Sign-in, sessions, roles, the first administrator, API keys and the audit trail on a real
 * (in-memory PGlite) database, through better-auth itself.
 */
import { readFileSync, rmSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findKeyOwner } from "@/lib/service/store/api-keys";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, type Database } from "@/lib/db/database";

const holder = vi.hoisted(() => ({ database: null as Database | null }));
vi.mock("@/lib/db/connection", () => ({
  getDatabase: async () => {
    if (!holder.database) throw new Error("database not open");
    return holder.database;
  },
}));

const { createAuth } = await import("./auth");
const { createUser, setDisabled, setRole } = await import("./users");
const { ensureAdministrator, DEFAULT_ADMIN_EMAIL } = await import("./bootstrap");
const { insertAudit, listAudit, recordAudit } = await import("./audit");
const { createConsoleKey, listConsoleKeys, revokeConsoleKey } = await import("./api-keys");

let database: Database;
let auth: ReturnType<typeof createAuth>;

beforeAll(async () => {
  process.env.SETTLEMENT_SANDBOX_API_KEY = "sk_test_consoleownkeyconsoleownkey0";
  database = await openDatabase({ kind: "pglite", dataDir: "memory://auth-test" });
  await migrate(database.db);
  holder.database = database;
  auth = createAuth(database.db);
});
afterAll(async () => {
  await database.close();
});

async function signIn(email: string, password: string): Promise<Headers> {
  const result = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true, headers: new Headers() });
  const cookie = result.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("no session cookie");
  return new Headers({ cookie });
}

describe("people and sessions", () => {
  it("creates the first administrator once; its password goes to an owner-only file, never to the log", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await ensureAdministrator();
    await ensureAdministrator();
    const printed = log.mock.calls.map((c) => String(c[0])).join("\n");
    log.mockRestore();
    expect(printed.match(/first administrator/g)).toHaveLength(1);
    const file = /password: in (\S+)/.exec(printed)?.[1] ?? "";
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, "utf8").split("\n")[1];
    rmSync(file);
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(printed).not.toContain(password);
    const session = await auth.api.getSession({ headers: await signIn(DEFAULT_ADMIN_EMAIL, password ?? "") });
    expect(session?.user.role).toBe("admin");
  });

  it("signs a created person in, reads their role per request, and ends sessions when disabled", async () => {
    const created = await createUser(auth, { email: "Fin@Example.com", name: "Fin", role: "finance" });
    if (!created.ok) throw new Error(created.error.message);
    const headers = await signIn("fin@example.com", created.password);
    expect((await auth.api.getSession({ headers }))?.user.role).toBe("finance");

    await setRole(database.db, created.user.id, "support");
    expect((await auth.api.getSession({ headers }))?.user.role).toBe("support");

    await setDisabled(database.db, created.user.id, true);
    expect(await auth.api.getSession({ headers })).toBeNull();
    await expect(signIn("fin@example.com", created.password)).rejects.toMatchObject({
      body: { code: "ACCOUNT_DISABLED" },
    });

    await setDisabled(database.db, created.user.id, false);
    await expect(signIn("fin@example.com", created.password)).resolves.toBeInstanceOf(Headers);
  });

  it("refuses a duplicate email, a wrong password and public sign-up", async () => {
    expect(await createUser(auth, { email: "fin@example.com", name: "Again", role: "admin" })).toMatchObject({
      ok: false,
      error: { code: "email_taken" },
    });
    await expect(signIn("fin@example.com", "not-the-password")).rejects.toMatchObject({
      body: { code: "INVALID_EMAIL_OR_PASSWORD" },
    });
    await expect(
      auth.api.signUpEmail({ body: { email: "mallory@example.com", password: "long-enough-password", name: "M" } }),
    ).rejects.toBeDefined();
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({ email: "mallory@example.com", password: "long-enough-password", name: "M" }),
      }),
    );
    expect(response.status).toBe(404);
  });
});

describe("API keys", () => {
  it("creates, lists by prefix, and revokes: the service stops recognising the key at once", async () => {
    const created = await createConsoleKey(database.db, { environment: "sandbox", label: "billing" });
    expect(await findKeyOwner(database.db, created.key)).not.toBeNull();
    const listed = await listConsoleKeys(database.db, { environment: "sandbox", prefix: created.prefix });
    expect(listed.map((k) => k.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    expect(await revokeConsoleKey(database.db, created.id)).toMatchObject({ ok: true });
    expect(await findKeyOwner(database.db, created.key)).toBeNull();
    expect(await revokeConsoleKey(database.db, created.id)).toMatchObject({
      ok: false,
      error: { code: "already_revoked" },
    });
  });

  it("will not revoke the key the console itself calls the API with", async () => {
    const { ensureAccount, registerApiKey } = await import("@/lib/service/store/api-keys");
    const account = await ensureAccount(database.db, (await import("@/lib/service/bootstrap")).DEFAULT_ACCOUNT_NAME);
    const own = await registerApiKey(database.db, {
      accountId: account.id,
      environment: "sandbox",
      key: "sk_test_consoleownkeyconsoleownkey0",
    });
    const listed = await listConsoleKeys(database.db, { environment: "sandbox" });
    expect(listed.find((k) => k.id === own.id)?.usedByConsole).toBe(true);
    expect(await revokeConsoleKey(database.db, own.id)).toMatchObject({ ok: false, error: { code: "key_in_use" } });
  });
});

describe("the audit trail", () => {
  it("stores no key or secret, and filters by person, action, result and date", async () => {
    const actor = { userId: "u1", email: "a@example.com", role: "admin" as const };
    await recordAudit({
      actor,
      action: "createApiKey",
      targetId: "sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      result: "ok",
      detail: "key sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      environment: "production",
    });
    await insertAudit(database.db, {
      actor,
      action: "revokeApiKey",
      result: "forbidden",
      at: new Date("2020-01-01T10:00:00Z"),
    });
    await insertAudit(database.db, {
      actor: null,
      email: "x@example.com",
      action: "signIn",
      result: "invalid_credentials",
    });

    const all = await listAudit(database.db, { userId: "u1" });
    expect(JSON.stringify(all.rows)).not.toContain("AAAAAAAAAAAAAAAAAAAA");
    expect(all.rows.map((r) => r.action)).toEqual(["createApiKey", "revokeApiKey"]);
    expect((await listAudit(database.db, { userId: "u1", result: "error" })).rows.map((r) => r.action)).toEqual([
      "revokeApiKey",
    ]);
    expect((await listAudit(database.db, { action: "signIn", result: "error" })).rows[0]?.userEmail).toBe(
      "x@example.com",
    );
    expect(
      (await listAudit(database.db, { userId: "u1", to: new Date("2021-01-01") })).rows.map((r) => r.action),
    ).toEqual(["revokeApiKey"]);

    const page1 = await listAudit(database.db, { limit: 1 });
    expect(page1.more).toBe(true);
    const last = page1.rows[0];
    const page2 = await listAudit(database.db, { limit: 1, before: { at: last.at, id: last.id } });
    expect(page2.rows[0]?.id).not.toBe(last.id);
  });
});
