/**
 * Every server action × every role × both environments (and no session): the permission its
 * readAction/mutationAction/consoleAction({ ... }) config declares lets exactly the expected roles through. A "use server" export
 * whose config declares no permission, or missing from EXPECTED_CALLERS, fails here.
 */
import { describe, expect, it } from "vitest";
import { checkAccess } from "@/lib/auth/guard";
import { ROLES } from "@/lib/auth/permissions";
import { actorFor, EXPECTED_CALLERS, findServerActions } from "./action-table.fixture";

const actions = findServerActions();

describe("the action registry", () => {
  it("finds the server actions", () => {
    expect(actions.length).toBeGreaterThan(10);
    expect(actions.map((a) => a.name)).toContain("signIn");
  });

  it.each(actions)("$name ($file) declares a permission", ({ name, file, permission }) => {
    expect(
      permission,
      `give ${name} a permission in its …Action({ name: "${name}", permission, ... }) in ${file}`,
    ).toBeDefined();
    expect(
      EXPECTED_CALLERS[name],
      `add ${name} to EXPECTED_CALLERS in lib/actions/action-table.fixture.ts`,
    ).toBeDefined();
  });

  it("only public actions are public", () => {
    const open = actions.filter((a) => a.permission === "public" || EXPECTED_CALLERS[a.name] === "public");
    expect(open.map((a) => [a.name, a.permission, EXPECTED_CALLERS[a.name]])).toEqual([["signIn", "public", "public"]]);
  });

  it("expects no action that does not exist", () => {
    const names = new Set(actions.map((a) => a.name));
    expect(Object.keys(EXPECTED_CALLERS).filter((n) => !names.has(n))).toEqual([]);
  });

  it("refuses a call without a declared permission", () => {
    expect(checkAccess(actorFor("admin"), undefined, "sandbox").ok).toBe(false);
  });
});

describe("every action × every role × environment, and no session", () => {
  for (const { name, permission } of actions) {
    const expected = EXPECTED_CALLERS[name];
    if (expected === undefined || expected === "public" || permission === undefined || permission === "public")
      continue;
    for (const environment of ["sandbox", "production"] as const) {
      it(`${name} in ${environment}`, () => {
        const allowed = ROLES.filter((role) => checkAccess(actorFor(role), permission, environment).ok);
        expect(allowed).toEqual(expected[environment]);
        for (const role of ROLES.filter((r) => !allowed.includes(r))) {
          const gate = checkAccess(actorFor(role), permission, environment);
          expect(gate.ok ? null : gate.error).toMatchObject({ code: "forbidden", status: 403 });
        }
        const anonymous = checkAccess(null, permission, environment);
        expect(anonymous.ok ? null : anonymous.error).toMatchObject({ code: "unauthorized", status: 401 });
      });
    }
  }
});

describe("a new person whose role needs a second factor (issue 59)", () => {
  const fresh = { ...actorFor("finance"), mustChangePassword: true, secondFactor: "setup-required" as const };

  it("chooses a password first: only their own account and their session are open", () => {
    expect(checkAccess(fresh, "account:self", null).ok).toBe(true);
    expect(checkAccess(fresh, "account:session", null).ok).toBe(true);
    expect(checkAccess(fresh, "rates:quote", "sandbox").ok).toBe(false);
  });

  it("then sets up the second factor before anything else, their account included", () => {
    const chosen = { ...fresh, mustChangePassword: false };
    expect(checkAccess(chosen, "account:session", null).ok).toBe(true);
    const self = checkAccess(chosen, "account:self", null);
    expect(self.ok ? null : self.error).toMatchObject({ code: "second_factor_required" });
  });
});
