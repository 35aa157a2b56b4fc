/**
 * The same table, through the real server actions: each is called as a browser would call it
 * (any input, this role's session, this environment's cookie). Allowed callers get past the
 * guard (to input validation or further); everyone else gets `forbidden`/`unauthorized`, the
 * API is never called, and a refused change lands in the audit trail.
 *
 * lib/actions/* (the settlement API actions) join in once lib/actions/action.ts calls
 * gateAction (see the integration note in lib/auth/action-gate.ts); until then they are skipped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { actorFor, EXPECTED_CALLERS, findServerActions } from "./action-table.fixture";
import { ROLES, type Role } from "./permissions";
import type { Actor } from "./session";

const state = vi.hoisted(() => ({
  actor: null as Actor | null,
  environment: "sandbox" as "sandbox" | "production",
  audit: [] as { action: string; result: string }[],
  fetches: 0,
  authCalls: 0,
}));

vi.mock("./session", () => ({ getActor: async () => state.actor }));
vi.mock("./audit", () => ({
  recordAudit: async (entry: { action: string; result: string }) => {
    state.audit.push({ action: entry.action, result: entry.result });
  },
}));
vi.mock("./auth", () => ({
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

const ROOT = join(__dirname, "..", "..");
const wrapperGated = readFileSync(join(ROOT, "lib/actions/action.ts"), "utf8").includes("@/lib/auth/action-gate");
const environmentGated = readFileSync(join(ROOT, "lib/dashboard/environment.ts"), "utf8").includes("@/lib/auth/");

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
    const skip =
      (file.startsWith("lib/actions/") && !wrapperGated) ||
      (file === "lib/dashboard/environment.ts" && !environmentGated);
    for (const environment of ["sandbox", "production"] as const) {
      it.skipIf(skip)(`${name} in ${environment}`, async () => {
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
    const fn = await load("lib/auth/actions/create-api-key.ts", "createApiKey");
    state.actor = actorFor("support");
    await outcome(fn, "sandbox");
    expect(state.audit).toEqual([{ action: "createApiKey", result: "forbidden" }]);
  });
});
