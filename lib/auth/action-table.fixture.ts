/**
 * Shared by the action table tests: every "use server" export in the tree, and who may call
 * each action, written out by hand from the matrix. Not a test file itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { ROLES, type Role } from "./permissions";
import type { Actor } from "./session";

const ROOT = join(__dirname, "..", "..");

/** Every exported name of every "use server" module under lib/, app/ and components/. */
export function findServerActions(): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== "node_modules" && !entry.startsWith(".")) walk(path);
      } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        const source = readFileSync(path, "utf8");
        if (!/^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use server["']/.test(source)) continue;
        for (const match of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+(\w+)/g)) {
          found.push({ name: match[1], file: relative(ROOT, path) });
        }
      }
    }
  };
  for (const dir of ["lib", "app", "components"]) walk(join(ROOT, dir));
  return found;
}

const ALL: Role[] = [...ROLES];
const FINANCE: Role[] = ["admin", "finance"];
const ADMIN: Role[] = ["admin"];
const DEV = { sandbox: ["admin", "developer"] as Role[], production: ADMIN };
/** Finance and admin everywhere; developers too, in sandbox. */
const MAKERS = { sandbox: ["admin", "finance", "developer"] as Role[], production: FINANCE };
const same = (roles: Role[]) => ({ sandbox: roles, production: roles });

/** Who may call each action, by hand (the matrix applied to each action). */
export const EXPECTED_CALLERS: Record<string, { sandbox: Role[]; production: Role[] } | "public"> = {
  getRate: same(FINANCE),
  listSettlementRequests: same(ALL),
  getSettlementRequest: same(ALL),
  getSettlementRequestHistory: same(ALL),
  sharePaymentInstructions: MAKERS,
  searchEverything: same(ALL),
  getBalanceStatement: same(ALL),
  getSettlementSummary: same(ALL),
  createSettlementRequest: MAKERS,
  updateSettlementRequest: MAKERS,
  simulateSettlementRequestStatus: DEV,
  listPayments: same(ALL),
  getPayment: same(ALL),
  simulatePaymentStatus: DEV,
  getDisbursement: same(ALL),
  createTrackedDisbursement: MAKERS,
  listTrackedDisbursements: same(ALL),
  listWebhooks: same(ALL),
  createWebhook: DEV,
  updateWebhook: DEV,
  deleteWebhook: DEV,
  listWebhookDeliveries: same(ALL),
  retryWebhookDelivery: DEV,
  createInbox: DEV,
  registerInbox: DEV,
  setInboxResponse: DEV,
  keepInboxSecret: DEV,
  deleteInbox: DEV,
  replayInboxMessage: DEV,
  getSandboxInfo: same(ALL),
  getSandboxClock: same(ALL),
  advanceSandboxClock: DEV,
  listEvents: same(ALL),
  listRequestLogs: same(ALL),
  testConnection: same(ALL),
  listV1Payments: same(ALL),
  getV1Payment: same(ALL),
  createV1Payment: MAKERS,
  notifyV1Payment: MAKERS,
  setEnvironment: same(ALL),
  signIn: "public",
  signOut: same(ALL),
  changePassword: same(ALL),
  createUser: same(ADMIN),
  changeUserRole: same(ADMIN),
  setUserDisabled: same(ADMIN),
  resetUserPassword: same(ADMIN),
  createApiKey: same(ADMIN),
  revokeApiKey: same(ADMIN),
};

export const actorFor = (role: Role): Actor => ({
  userId: `user-${role}`,
  email: `${role}@example.com`,
  name: role,
  role,
  sessionId: `session-${role}`,
  mustChangePassword: false,
});
