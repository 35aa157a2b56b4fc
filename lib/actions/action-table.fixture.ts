/**
 * Shared by the action table tests (lib/actions/*.test.ts, e2e/actions-http.spec.ts): every
 * "use server" export in the tree with the permission its readAction/mutationAction/consoleAction({ ... }) config declares, and
 * who may call each action, written out by hand from the issue's matrix. Not a test file itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { isPermission, ROLES, type Permission, type Role } from "../auth/permissions";
import type { Actor } from "../auth/session";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type DeclaredAction = {
  /** The exported name. */
  name: string;
  file: string;
  /** From the `…Action({ name, permission, ... })` config of that name in the same file; undefined: none. */
  permission: Permission | "public" | undefined;
};

/** The permission each readAction/mutationAction/consoleAction/batchAction({ ... }) config in `source` declares, by the config's `name`. */
function declaredPermissions(source: string): Map<string, string | undefined> {
  const declared = new Map<string, string | undefined>();
  for (const config of source.split(/\b(?:read|mutation|console|batch)Action\(\s*\{/).slice(1)) {
    const name = /\bname:\s*"(\w+)"/.exec(config)?.[1];
    if (name) declared.set(name, /\bpermission:\s*"([\w:]+)"/.exec(config)?.[1]);
  }
  return declared;
}

/**
 * Every exported name of every "use server" module under lib/, app/ and components/, with the
 * permission of the …Action({ ... }) config named like it (an exported wrapper such as signIn
 * runs a config of its own name).
 */
export function findServerActions(): DeclaredAction[] {
  const found: DeclaredAction[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== "node_modules" && !entry.startsWith(".")) walk(path);
      } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        const source = readFileSync(path, "utf8");
        if (!/^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use server["']/.test(source)) continue;
        const declared = declaredPermissions(source);
        for (const match of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+(\w+)/g)) {
          const permission = declared.get(match[1]);
          found.push({
            name: match[1],
            file: relative(ROOT, path),
            permission: permission === "public" || isPermission(permission) ? permission : undefined,
          });
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

/** Who may call each action, by hand (the issue's matrix applied to each action). */
export const EXPECTED_CALLERS: Record<string, { sandbox: Role[]; production: Role[] } | "public"> = {
  getRate: same(FINANCE),
  listSettlementRequests: same(ALL),
  getSettlementRequest: same(ALL),
  getSettlementRequestHistory: same(ALL),
  sharePaymentInstructions: same(ALL),
  previewSettlementRequest: MAKERS,
  searchEverything: same(ALL),
  getBalanceStatement: same(ALL),
  getSettlementSummary: same(ALL),
  getDailyLimitLeft: same(ALL),
  createSettlementRequest: MAKERS,
  updateSettlementRequest: MAKERS,
  simulateSettlementRequestStatus: DEV,
  listPayments: same(ALL),
  getPayment: same(ALL),
  simulatePaymentStatus: DEV,
  getDisbursement: same(ALL),
  createTrackedDisbursement: MAKERS,
  listDisbursements: same(ALL),
  listWebhooks: same(ALL),
  createWebhook: DEV,
  updateWebhook: DEV,
  rotateWebhookSecret: DEV,
  redriveDeadLetters: DEV,
  replayWebhookRange: DEV,
  setWebhookThrottle: DEV,
  getWebhookThrottle: same(ALL),
  getWebhookHealth: same(ALL),
  setWebhookFailurePolicy: DEV,
  setWebhookOutage: DEV,
  getWebhookFilter: same(ALL),
  setWebhookFilter: DEV,
  previewWebhookFilter: DEV,
  getWebhookRotation: same(ALL),
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
  fundSandbox: DEV,
  listEvents: same(ALL),
  getEvent: same(ALL),
  listRequestLogs: same(ALL),
  getRequestLog: same(ALL),
  testConnection: same(ALL),
  listV1Payments: same(ALL),
  getV1Payment: same(ALL),
  createV1Payment: MAKERS,
  notifyV1Payment: MAKERS,
  setEnvironment: same(ALL),
  signIn: "public",
  signOut: same(ALL),
  changePassword: same(ALL),
  saveNoticeChoices: same(ALL),
  // Two-step verification (issue 43): one's own, in every state of the session; the policy, admins.
  beginSecondFactorSetup: same(ALL),
  confirmSecondFactorSetup: same(ALL),
  proveSecondFactor: same(ALL),
  removeSecondFactor: same(ALL),
  beginPasskeySetup: same(ALL),
  finishPasskeySetup: same(ALL),
  removePasskey: same(ALL),
  // One's own sessions (issue 61).
  endSession: same(ALL),
  endOtherSessions: same(ALL),
  beginPasskeyProof: same(ALL),
  finishPasskeyProof: same(ALL),
  setSecondFactorRoles: same(ADMIN),
  setDeviceBoundApprovers: same(ADMIN),
  resetSecondFactor: same(ADMIN),
  createUser: same(ADMIN),
  sendTestNotice: same(ADMIN),
  saveNoticeChannel: same(ADMIN),
  removeNoticeChannel: same(ADMIN),
  testNoticeChannel: same(ADMIN),
  changeUserRole: same(ADMIN),
  setUserDisabled: same(ADMIN),
  createScimDirectory: same(ADMIN),
  revokeScimDirectory: same(ADMIN),
  mapScimGroup: same(ADMIN),
  endPersonSessions: same(ADMIN),
  clearSignInThrottle: same(ADMIN),
  revokePayerLinks: same(ADMIN),
  resetUserPassword: same(ADMIN),
  createApiKey: same(ADMIN),
  revokeApiKey: same(ADMIN),
  createAccessToken: same(DEV.sandbox),
  revokeAccessToken: same(DEV.sandbox),
  listListenSessions: same(DEV.sandbox),
  endListenSession: same(DEV.sandbox),
  approveSubmission: same(["admin", "finance", "developer"]),
  revealAccountNumber: same(["admin", "finance", "developer"]),
  denySubmission: same(["admin", "finance", "developer"]),
  saveApprovalRule: same(ADMIN),
  backtestApprovalRule: same(ADMIN),
  submitForApproval: same(["admin", "finance", "developer"]),
  saveDailyLimit: same(ADMIN),
  removeDailyLimit: same(ADMIN),
  addPayee: MAKERS,
  importPayees: MAKERS,
  removePayee: MAKERS,
  setPayeeCoolingOff: same(ADMIN),
  setRunwayFloor: same(ADMIN),
  revealSubmissionSecret: same(ALL),
  editBatchRow: MAKERS,
  setBatchRowsIncluded: MAKERS,
  keepBatchRows: MAKERS,
  retryFailedBatchRows: MAKERS,
  startBatchDryRun: MAKERS,
  dryRunBatch: MAKERS,
  newBatchFromFailedRows: MAKERS,
  verifyAuditLog: same(ADMIN),
  rotateAuditKey: same(ADMIN),
  submitBatch: MAKERS,
  cancelBatch: MAKERS,
  // Month-end (issue 46): finance and admin; developers rehearse in sandbox.
  recordExpectedSettlement: MAKERS,
  importExpectedSettlements: MAKERS,
  runReconciliation: MAKERS,
  createSandboxExceptionPack: MAKERS,
  matchByHand: MAKERS,
  undoMatch: MAKERS,
  acceptDifference: MAKERS,
  writeOffException: MAKERS,
  returnPayin: MAKERS,
  acceptPayin: MAKERS,
  assignException: MAKERS,
  lockReconciliationPeriod: MAKERS,
  recordAdjustment: MAKERS,
  unlockReconciliationPeriod: same(ADMIN),
  saveMatchRules: same(ADMIN),
  backtestMatchRules: same(ADMIN),
  queueReport: MAKERS,
  createReportSchedule: MAKERS,
  setReportScheduleEnabled: MAKERS,
  retryReportRun: MAKERS,
  backfillReports: MAKERS,
};

export const actorFor = (role: Role): Actor => ({
  userId: `user-${role}`,
  email: `${role}@example.com`,
  name: role,
  role,
  sessionId: `session-${role}`,
  mustChangePassword: false,
  secondFactor: "off",
  secondFactorAt: null,
});
