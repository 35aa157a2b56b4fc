import { describe, expect, it } from "vitest";
import { can, decide, GRANTS, PERMISSION_NAMES, ROLES } from "./permissions";

/**
 * The matrix, written out by hand: which roles may use each permission in sandbox and
 * in production. permissions.ts must say exactly this.
 */
const EXPECTED: Record<string, { sandbox: string[]; production: string[] }> = {
  read: {
    sandbox: ["admin", "finance", "support", "developer"],
    production: ["admin", "finance", "support", "developer"],
  },
  "rates:quote": { sandbox: ["admin", "finance"], production: ["admin", "finance"] },
  // Developers create and move their own test data in sandbox (issue 15); never in production.
  "settlement:create": { sandbox: ["admin", "finance", "developer"], production: ["admin", "finance"] },
  "settlement:update": { sandbox: ["admin", "finance", "developer"], production: ["admin", "finance"] },
  "disbursement:create": { sandbox: ["admin", "finance", "developer"], production: ["admin", "finance"] },
  // Developers work the sandbox; production changes need finance or admin.
  "sandbox:simulate": { sandbox: ["admin", "developer"], production: ["admin"] },
  "webhooks:manage": { sandbox: ["admin", "developer"], production: ["admin"] },
  "inbox:manage": { sandbox: ["admin", "developer"], production: ["admin"] },
  // Re-sending payment instructions is a support task (issue 35, finding 4); only an admin revokes a link.
  "instructions:share": {
    sandbox: ["admin", "finance", "support", "developer"],
    production: ["admin", "finance", "support", "developer"],
  },
  "instructions:revoke": { sandbox: ["admin"], production: ["admin"] },
  "account:self": {
    sandbox: ["admin", "finance", "support", "developer"],
    production: ["admin", "finance", "support", "developer"],
  },
  // Signing out, and proving or setting up one's second factor (issue 43): allowed while the session still owes it.
  "account:session": {
    sandbox: ["admin", "finance", "support", "developer"],
    production: ["admin", "finance", "support", "developer"],
  },
  "users:manage": { sandbox: ["admin"], production: ["admin"] },
  "keys:manage": { sandbox: ["admin"], production: ["admin"] },
  "audit:read": { sandbox: ["admin"], production: ["admin"] },
  "audit:keys": { sandbox: ["admin"], production: ["admin"] },
  // settlement-console listen and trigger (issue 33): the inbox's people; the tokens reach sandbox only.
  "tokens:self": { sandbox: ["admin", "developer"], production: ["admin", "developer"] },
  // Money controls (issue 31): the rule names who approves; only admins write rules.
  "approvals:decide": { sandbox: ["admin", "finance", "developer"], production: ["admin", "finance", "developer"] },
  "approvals:rules": { sandbox: ["admin"], production: ["admin"] },
  "reconciliation:run": { sandbox: ["admin", "finance", "developer"], production: ["admin", "finance"] },
  "reconciliation:close": { sandbox: ["admin", "finance", "developer"], production: ["admin", "finance"] },
  "reconciliation:reopen": { sandbox: ["admin"], production: ["admin"] },
  "reconciliation:rules": { sandbox: ["admin"], production: ["admin"] },
  "reports:run": { sandbox: ["admin", "finance", "developer"], production: ["admin", "finance"] },
  // Batch payouts (issue 32): whoever creates disbursements and requests; production, finance and admin.
  "batches:manage": { sandbox: ["admin", "finance", "developer"], production: ["admin", "finance"] },
};

describe("the permission matrix", () => {
  it("covers every permission, and nothing else", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  for (const permission of PERMISSION_NAMES) {
    for (const environment of ["sandbox", "production"] as const) {
      it(`${permission} in ${environment}`, () => {
        const allowed = ROLES.filter((role) => can(role, permission, environment));
        expect(allowed).toEqual(EXPECTED[permission][environment]);
      });
    }
  }

  it("support changes nothing anywhere (it reads, and re-sends a payer's instructions)", () => {
    for (const permission of PERMISSION_NAMES.filter((p) => p !== "account:self" && p !== "account:session")) {
      if (GRANTS[permission].includes("support")) expect(["read", "instructions:share"]).toContain(permission);
    }
  });

  it("refuses unknown roles, unknown permissions, and a missing environment as if production", () => {
    expect(decide("root", "read", "sandbox")).toEqual({ allowed: false, reason: "role" });
    expect(decide("admin", "money:print", "sandbox")).toEqual({ allowed: false, reason: "role" });
    expect(decide("developer", "webhooks:manage", null)).toEqual({ allowed: false, reason: "production" });
    expect(decide("developer", "webhooks:manage", "sandbox")).toEqual({ allowed: true });
  });
});
