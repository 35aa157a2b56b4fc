/**
 * Every server action × every role × both environments (and no session): the declared
 * permission lets exactly the expected roles through. A "use server" export missing from
 * ACTION_PERMISSIONS, or from EXPECTED_CALLERS, fails here.
 */
import { describe, expect, it } from "vitest";
import { ACTION_PERMISSIONS, permissionForAction } from "./action-permissions";
import { actorFor, EXPECTED_CALLERS, findServerActions } from "./action-table.fixture";
import { checkAccess } from "./guard";
import { ROLES } from "./permissions";

const actions = findServerActions();

describe("the action registry", () => {
  it("finds the server actions", () => {
    expect(actions.length).toBeGreaterThan(10);
  });

  it.each(actions)("$name ($file) declares a permission", ({ name }) => {
    expect(permissionForAction(name), `add ${name} to lib/auth/action-permissions.ts`).toBeDefined();
    expect(EXPECTED_CALLERS[name], `add ${name} to EXPECTED_CALLERS in lib/auth/action-table.fixture.ts`).toBeDefined();
  });

  it("declares no action that does not exist", () => {
    const names = new Set(actions.map((a) => a.name));
    expect(Object.keys(ACTION_PERMISSIONS).filter((n) => !names.has(n))).toEqual([]);
  });

  it("refuses a name nobody declared", () => {
    expect(permissionForAction("transferEverything")).toBeUndefined();
    expect(checkAccess(actorFor("admin"), undefined, "sandbox").ok).toBe(false);
  });
});

describe("every action × every role × environment, and no session", () => {
  for (const { name } of actions) {
    const expected = EXPECTED_CALLERS[name];
    const permission = permissionForAction(name);
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
