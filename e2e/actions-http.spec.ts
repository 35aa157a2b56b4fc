/**
 * Every server action of the build, posted over HTTP as a browser would (Next-Action header,
 * the action id from .next/server/server-reference-manifest.json): with no session, with each
 * role's own session in sandbox and in production, and with a foreign Origin. Each is refused
 * or let through exactly as lib/auth/permissions.ts and each action's own config (its `permission`) declare.
 * The input is always `{}`, so a call that gets past the gate stops at input validation (or
 * reads), never changes anything; signOut runs last and must end the session it was sent with.
 */
import { readFileSync } from "node:fs";
import { findServerActions } from "../lib/actions/action-table.fixture";
import { decide, PERMISSIONS, ROLES, type Role } from "../lib/auth/permissions";
import { expect, test } from "./fixtures/auth";

test.use({ role: null });

type Manifest = { node: Record<string, { exportedName: string; filename: string }> };
type Verdict = "passed" | "unauthorized" | "forbidden" | "refused_origin";

function actionsOfTheBuild(): Array<{ id: string; name: string }> {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as Manifest;
  const byName = new Map<string, string>();
  for (const [id, entry] of Object.entries(manifest.node)) byName.set(entry.exportedName, id);
  return [...byName]
    .map(([name, id]) => ({ id, name }))
    .sort((a, b) => Number(a.name === "signOut") - Number(b.name === "signOut"));
}

/** Each action's permission, as its action({ name, permission, ... }) config declares it. */
const DECLARED = new Map(findServerActions().map((a) => [a.name, a.permission]));

function expected(name: string, role: Role | null, environment: "sandbox" | "production"): Verdict {
  const permission = DECLARED.get(name);
  if (permission === "public") return "passed";
  if (!role) return "unauthorized";
  if (!permission) return "forbidden";
  const scope = PERMISSIONS[permission].scope === "console" ? null : environment;
  return decide(role, permission, scope).allowed ? "passed" : "forbidden";
}

test("every server action is refused or allowed over HTTP exactly as the permission table says", async ({
  people,
  baseURL,
}) => {
  // About 1,400 calls (each action × no session and four roles × two environments, and a foreign
  // Origin): a few minutes on two busy cores, more as actions are added.
  test.setTimeout(300_000);
  const origin = baseURL ?? "";
  const actions = actionsOfTheBuild();
  expect(actions.length).toBeGreaterThan(30);
  // Every action the build serves is declared (an action no page imports is not served at all).
  expect(actions.map((a) => a.name).filter((name) => DECLARED.get(name) === undefined)).toEqual([]);
  const signInId = actions.find((a) => a.name === "signIn")?.id ?? "";

  const post = (id: string, args: unknown[], cookie: string, from = origin, path = "/") =>
    fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Next-Action": id,
        "Content-Type": "text/plain;charset=UTF-8",
        Accept: "text/x-component",
        Origin: from,
        Cookie: cookie,
      },
      body: JSON.stringify(args),
    });

  /** A fresh session of its own for each role: signOut below ends it. */
  const sessionOf = async (role: Role): Promise<string> => {
    const { email, password } = await people.credentials(role);
    const res = await post(signInId, [{ email, password }, "/"], "", origin, "/sign-in");
    const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
    const session = cookies.find((c) => c.includes("session_token="));
    if (!session) throw new Error(`no session for ${role}: ${res.status}`);
    return cookies.join("; ");
  };

  const verdict = async (res: Response): Promise<Verdict> => {
    const text = await res.text();
    if (res.status === 401) return "unauthorized"; // the proxy: no session cookie at all
    if (res.status === 500 && /^\d+:E\{/m.test(text)) return "refused_origin";
    if (text.includes('"code":"unauthorized"')) return "unauthorized";
    if (text.includes('"code":"forbidden"')) return "forbidden";
    return "passed";
  };

  const sessions = new Map<Role, string>();
  for (const role of ROLES) sessions.set(role, await sessionOf(role));
  const mismatches: string[] = [];

  for (const environment of ["sandbox", "production"] as const) {
    for (const { id, name } of actions) {
      if (name === "signOut") continue; // last, below
      const meta = { environment, confirmProduction: true };
      for (const role of [null, ...ROLES] as Array<Role | null>) {
        const cookie = [role ? sessions.get(role) : "", `console_env=${environment}`].filter(Boolean).join("; ");
        // signIn is served where its form is: the only page open without a session.
        const got = await verdict(await post(id, [{}, meta], cookie, origin, name === "signIn" ? "/sign-in" : "/"));
        const want = expected(name, role, environment);
        if (got !== want)
          mismatches.push(`${name} · ${role ?? "no session"} · ${environment}: got ${got}, want ${want}`);
      }
    }
  }

  // A foreign Origin is refused before any action runs, whoever's session rides along.
  for (const { id, name } of actions) {
    const got = await verdict(
      await post(id, [{}, { environment: "sandbox" }], sessions.get("admin") ?? "", "https://evil.example"),
    );
    if (got !== "refused_origin") mismatches.push(`${name} · admin · foreign Origin: got ${got}`);
  }

  // signOut: every role may end its own session, and afterwards that session reads nothing.
  const signOutId = actions.find((a) => a.name === "signOut")?.id ?? "";
  const readId = actions.find((a) => a.name === "listWebhooks")?.id ?? "";
  for (const role of ROLES) {
    const cookie = sessions.get(role) ?? "";
    expect(await verdict(await post(readId, [{}], cookie))).toBe("passed");
    const out = await post(signOutId, [], cookie);
    expect(out.status, `${role} signs out`).toBeLessThan(400);
    expect(await verdict(await post(readId, [{}], cookie)), `${role}'s session after signOut`).toBe("unauthorized");
  }
  expect(await verdict(await post(signOutId, [], ""))).toBe("unauthorized");

  expect(mismatches).toEqual([]);
});
