/**
 * Who may do what: the one table of roles × permissions, and the environment rule. Browser-safe
 * (pages use `can` to hide what a role cannot do); the server is what refuses, through
 * requireActor (lib/auth/guard.ts), which reads the same table.
 */
import type { Environment } from "@/lib/schemas/catalog";

export const ROLES = ["admin", "finance", "support", "developer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, { label: string; summary: string }> = {
  admin: { label: "Admin", summary: "Everything, people, API keys and the audit trail." },
  finance: { label: "Finance", summary: "Quotes, settlement requests and disbursements, in production too." },
  support: { label: "Support", summary: "Reads everything: search, timelines, CSV. Changes nothing." },
  developer: { label: "Developer", summary: "Sandbox transitions, webhooks and the inbox; reads the rest." },
};

/**
 * Every permission. `mutates`: a change, so the environment rule applies (production changes
 * need finance or admin whatever else the role may do). `scope: "console"`: not tied to an
 * environment (people, keys of both environments, the audit trail, one's own password).
 */
export const PERMISSIONS = {
  read: { mutates: false, scope: "environment", label: "Read requests, payments, timelines, CSV" },
  "rates:quote": { mutates: false, scope: "environment", label: "Ask for a quote" },
  "settlement:create": { mutates: true, scope: "environment", label: "Create settlement requests" },
  "settlement:update": { mutates: true, scope: "environment", label: "Update settlement requests" },
  "disbursement:create": { mutates: true, scope: "environment", label: "Create disbursements" },
  "sandbox:simulate": { mutates: true, scope: "environment", label: "Simulate sandbox transitions" },
  "webhooks:manage": { mutates: true, scope: "environment", label: "Manage webhook endpoints and retries" },
  "inbox:manage": { mutates: true, scope: "environment", label: "Manage the webhook inbox" },
  "instructions:share": {
    mutates: false,
    scope: "environment",
    label: "Give a payer the link to a request's payment instructions",
  },
  "instructions:revoke": { mutates: false, scope: "environment", label: "Revoke a payer's link before it expires" },
  "account:self": { mutates: true, scope: "console", label: "Change one's own password, second factor and notices" },
  "account:session": {
    mutates: true,
    scope: "console",
    label: "Sign out, prove or set up one's second factor",
  },
  "users:manage": { mutates: true, scope: "console", label: "Manage people and roles" },
  "keys:manage": { mutates: true, scope: "console", label: "Create, list and revoke API keys" },
  "audit:read": { mutates: false, scope: "console", label: "Read the audit trail" },
  "audit:keys": { mutates: true, scope: "console", label: "Rotate the audit log's signing key" },
  "tokens:self": {
    mutates: true,
    scope: "console",
    label: "Make personal access tokens and listen to sandbox webhooks from a terminal",
  },
  "batches:manage": { mutates: true, scope: "environment", label: "Upload, correct, dry-run and submit batch payouts" },
  "approvals:decide": {
    mutates: true,
    scope: "console",
    label: "Approve or deny held submissions, where a rule names your role",
  },
  "approvals:rules": { mutates: true, scope: "console", label: "Set approval rules" },
  "reconciliation:run": {
    mutates: true,
    scope: "environment",
    label: "Record expected settlements, run matching and work the exception queue",
  },
  "reconciliation:close": { mutates: true, scope: "environment", label: "Close and lock a month, record adjustments" },
  "reconciliation:reopen": { mutates: true, scope: "environment", label: "Unlock a closed month" },
  "reconciliation:rules": { mutates: true, scope: "console", label: "Set the matching rules and their order" },
  "reports:run": { mutates: true, scope: "environment", label: "Run reports (CSV, XLSX) with their manifest" },
} as const satisfies Record<string, { mutates: boolean; scope: "environment" | "console"; label: string }>;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** The matrix. A role not listed for a permission does not have it. */
export const GRANTS: Record<Permission, readonly Role[]> = {
  read: ["admin", "finance", "support", "developer"],
  "rates:quote": ["admin", "finance"],
  // Developers create and move anything in sandbox (their test data); the production rule below
  // keeps production changes to finance and admin.
  "settlement:create": ["admin", "finance", "developer"],
  "settlement:update": ["admin", "finance", "developer"],
  "disbursement:create": ["admin", "finance", "developer"],
  "sandbox:simulate": ["admin", "developer"],
  "webhooks:manage": ["admin", "developer"],
  "inbox:manage": ["admin", "developer"],
  // Re-sending payment instructions is a support task too (audited).
  "instructions:share": ["admin", "finance", "support", "developer"],
  "instructions:revoke": ["admin"],
  "account:self": ["admin", "finance", "support", "developer"],
  "account:session": ["admin", "finance", "support", "developer"],
  "users:manage": ["admin"],
  "keys:manage": ["admin"],
  "audit:read": ["admin"],
  "audit:keys": ["admin"],
  // settlement-console listen and trigger work in sandbox only, as the inbox does.
  "tokens:self": ["admin", "developer"],
  // Those who may create disbursements and settlement requests one by one may prepare a batch of them.
  "batches:manage": ["admin", "finance", "developer"],
  // Whether a person may approve a submission is the rule's word (its approver roles); this only opens the door.
  "approvals:decide": ["admin", "finance", "developer"],
  "approvals:rules": ["admin"],
  // Month-end (issue 46): finance and admin reconcile; developers rehearse in sandbox (the production rule keeps them there).
  "reconciliation:run": ["admin", "finance", "developer"],
  "reconciliation:close": ["admin", "finance", "developer"],
  "reconciliation:reopen": ["admin"],
  "reconciliation:rules": ["admin"],
  "reports:run": ["admin", "finance", "developer"],
};

/** Changes in production are for these roles only, whatever the matrix grants. */
export const PRODUCTION_MUTATORS: readonly Role[] = ["admin", "finance"];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value);
}

export type Decision = { allowed: true } | { allowed: false; reason: "role" | "production" };

/**
 * The rule, in one function. `environment` is where the call goes (null for console-wide
 * permissions); an unknown role or permission is refused.
 */
export function decide(role: string, permission: string, environment: Environment | null): Decision {
  if (!isRole(role) || !isPermission(permission)) return { allowed: false, reason: "role" };
  if (!GRANTS[permission].includes(role)) return { allowed: false, reason: "role" };
  const rule = PERMISSIONS[permission];
  if (
    rule.mutates &&
    rule.scope === "environment" &&
    environment !== "sandbox" &&
    !PRODUCTION_MUTATORS.includes(role)
  ) {
    // Anything but an explicit sandbox counts as production: never fail open.
    return { allowed: false, reason: "production" };
  }
  return { allowed: true };
}

/** For pages: may this role do that here? (Hiding only; the server decides again.) */
export function can(role: string, permission: Permission, environment: Environment | null): boolean {
  return decide(role, permission, environment).allowed;
}
