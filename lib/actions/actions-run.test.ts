/**
 * The same table, through the real server actions: each is called as a browser would call it
 * (any input, this role's session, this environment's cookie). Allowed callers get past the
 * guard (to input validation or further); everyone else gets `forbidden`/`unauthorized`, the
 * API is never called, and a refused change lands in the audit trail.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ROLES, type Role } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/auth/session";
import { actorFor, EXPECTED_CALLERS, findServerActions } from "./action-table.fixture";

const state = vi.hoisted(() => ({
  actor: null as Actor | null,
  environment: "sandbox" as "sandbox" | "production",
  audit: [] as { action: string; result: string }[],
  fetches: 0,
  authCalls: 0,
}));

vi.mock("@/lib/auth/session", () => ({ getActor: async () => state.actor, getSessionPerson: async () => state.actor }));
vi.mock("@/lib/auth/audit", () => ({
  recordAudit: async (entry: { action: string; result: string }) => {
    state.audit.push({ action: entry.action, result: entry.result });
  },
}));
vi.mock("@/lib/auth/auth", () => ({
  getAuth: async () => {
    state.authCalls += 1;
    return { api: { signOut: async () => ({ success: true }) } };
  },
}));
vi.mock("@/lib/db/connection", () => ({
  getDatabase: async () => {
    throw new Error("a refused or invalid call must not reach the database");
  },
}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "console_env" ? { name, value: state.environment } : undefined),
    set: () => undefined,
  }),
  headers: async () => new Headers(),
}));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error(`redirect ${to}`), { digest: `NEXT_REDIRECT;replace;${to};307;` });
  },
  unstable_rethrow: (error: unknown) => {
    if (error instanceof Error && "digest" in error && String(error.digest).startsWith("NEXT_")) throw error;
  },
}));

const realFetch = globalThis.fetch;
globalThis.fetch = (async () => {
  state.fetches += 1;
  return new Response(JSON.stringify({ error: { code: "test", message: "test" } }), { status: 503 });
}) as typeof fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

type Callable = (input: unknown, meta?: unknown) => Promise<unknown>;

async function load(file: string, name: string): Promise<Callable> {
  const module = (await import(/* @vite-ignore */ join(ROOT, file))) as Record<string, unknown>;
  const fn = module[name];
  if (typeof fn !== "function") throw new Error(`${file} does not export a function ${name}`);
  return fn as Callable;
}

/** unauthorized | forbidden, or "passed" when the call got past the guard. */
async function outcome(fn: Callable, environment: "sandbox" | "production"): Promise<string> {
  try {
    const result = (await fn({}, { environment, confirmProduction: true })) as
      | { ok: true }
      | { ok: false; error: { code: string } }
      | undefined;
    if (result && !result.ok && (result.error.code === "unauthorized" || result.error.code === "forbidden"))
      return result.error.code;
    return "passed";
  } catch (error) {
    const digest = error instanceof Error && "digest" in error ? String(error.digest) : "";
    // signOut always ends on the sign-in page; it ran if it reached better-auth.
    if (digest.includes("/sign-in")) return state.authCalls > 0 ? "passed" : "unauthorized";
    if (digest.startsWith("NEXT_REDIRECT")) return "passed";
    throw error;
  }
}

// An allowed call that gets past the input reaches the (refusing) database: logged, masked, expected.
vi.spyOn(console, "error").mockImplementation(() => undefined);

beforeEach(() => {
  state.audit = [];
  state.fetches = 0;
  state.authCalls = 0;
});

const actions = findServerActions().filter((a) => EXPECTED_CALLERS[a.name] !== "public");

describe("server actions refuse on the server", () => {
  for (const { name, file } of actions) {
    const expected = EXPECTED_CALLERS[name];
    if (!expected || expected === "public") continue;
    for (const environment of ["sandbox", "production"] as const) {
      it(`${name} in ${environment}`, async () => {
        const fn = await load(file, name);
        state.environment = environment;
        for (const role of [...ROLES, null] as (Role | null)[]) {
          state.actor = role ? actorFor(role) : null;
          state.fetches = 0;
          state.authCalls = 0;
          const got = await outcome(fn, environment);
          const allowed = role !== null && expected[environment].includes(role);
          expect(got, `${role ?? "no session"} → ${name} in ${environment}`).toBe(
            allowed ? "passed" : role ? "forbidden" : "unauthorized",
          );
          if (!allowed) {
            expect(state.fetches, `${name} called the API for ${role ?? "no session"}`).toBe(0);
            expect(state.authCalls, `${name} reached better-auth for ${role ?? "no session"}`).toBe(0);
          }
        }
      });
    }
  }

  it("records a refused change in the audit trail", async () => {
    const fn = await load("lib/api-keys/actions/create-api-key.ts", "createApiKey");
    state.actor = actorFor("support");
    await outcome(fn, "sandbox");
    expect(state.audit).toEqual([{ action: "createApiKey", result: "forbidden" }]);
  });
});

describe("the one wrapper's rules", () => {
  const call = async (file: string, name: string, input: unknown, meta?: unknown) =>
    (await load(file, name))(input, meta) as Promise<{ ok: boolean; error?: { code: string; details: unknown[] } }>;

  it("audits a refused change, not a refused read", async () => {
    state.environment = "production";
    state.actor = actorFor("developer");
    await call(
      "lib/settlement-requests/actions/create-settlement-request.ts",
      "createSettlementRequest",
      {},
      { environment: "production", confirmProduction: true },
    );
    state.actor = actorFor("support");
    await call("lib/rates/actions/get-rate.ts", "getRate", {});
    expect(state.audit).toEqual([{ action: "createSettlementRequest", result: "forbidden" }]);
  });

  it("refuses a change for another environment than the page's, or unconfirmed in production, before the API", async () => {
    state.actor = actorFor("admin");
    state.environment = "sandbox";
    const file = "lib/webhook-endpoints/actions/create-webhook.ts";
    expect(await call(file, "createWebhook", {}, { environment: "production" })).toMatchObject({
      error: { code: "environment_mismatch" },
    });
    expect(await call(file, "createWebhook", {})).toMatchObject({ error: { code: "environment_mismatch" } });
    state.environment = "production";
    expect(await call(file, "createWebhook", {}, { environment: "production" })).toMatchObject({
      error: { code: "production_not_confirmed" },
    });
    expect(await call(file, "createWebhook", {}, "not a meta")).toMatchObject({ error: { code: "invalid_input" } });
    expect(state.fetches).toBe(0);
    expect(state.audit).toEqual([]);
  });

  it("refuses a sandbox-only action in production", async () => {
    state.actor = actorFor("admin");
    state.environment = "production";
    const got = await call(
      "lib/sandbox/actions/advance-sandbox-clock.ts",
      "advanceSandboxClock",
      { seconds: 60 },
      { environment: "production", confirmProduction: true },
    );
    expect(got).toMatchObject({ ok: false, error: { code: "sandbox_only" } });
    expect(state.fetches).toBe(0);
  });

  it("answers input that does not parse with its problems by field, unaudited", async () => {
    state.actor = actorFor("admin");
    state.environment = "sandbox";
    const got = await call("lib/people/actions/create-user.ts", "createUser", {
      email: "not an email",
      name: "A",
      role: "admin",
    });
    expect(got).toMatchObject({ ok: false, error: { code: "invalid_input", details: [{ path: "email" }] } });
    expect(state.audit).toEqual([]);
  });

  it("the console's own actions need no page environment and ignore a second argument", async () => {
    state.actor = actorFor("admin");
    state.environment = "production";
    const got = await call(
      "lib/api-keys/actions/create-api-key.ts",
      "createApiKey",
      { environment: "nowhere" },
      "anything",
    );
    expect(got).toMatchObject({ ok: false, error: { code: "invalid_input", details: [{ path: "environment" }] } });
  });
});
