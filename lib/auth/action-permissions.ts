/**
 * Every server action of the console, by its exported name, and the permission it needs. The
 * action wrapper (lib/actions/action.ts) looks its action up here; an action missing from this
 * map is refused at run time and fails lib/auth/action-permissions.test.ts, which reads every
 * "use server" file and compares. Add a line here with every new action.
 */
import type { Permission } from "./permissions";

/** Callable without a session: only signing in. */
export const PUBLIC = "public" as const;

export const ACTION_PERMISSIONS = {
  // lib/actions: the settlement API through the proxy layer
  getRate: "rates:quote",
  listSettlementRequests: "read",
  getSettlementRequest: "read",
  getSettlementRequestHistory: "read",
  sharePaymentInstructions: "settlement:create",
  createSettlementRequest: "settlement:create",
  updateSettlementRequest: "settlement:update",
  simulateSettlementRequestStatus: "sandbox:simulate",
  listPayments: "read",
  getPayment: "read",
  simulatePaymentStatus: "sandbox:simulate",
  getDisbursement: "read",
  createTrackedDisbursement: "disbursement:create",
  listTrackedDisbursements: "read",
  listWebhooks: "read",
  createWebhook: "webhooks:manage",
  updateWebhook: "webhooks:manage",
  deleteWebhook: "webhooks:manage",
  listWebhookDeliveries: "read",
  retryWebhookDelivery: "webhooks:manage",
  getSandboxInfo: "read",
  getSandboxClock: "read",
  advanceSandboxClock: "sandbox:simulate",
  listEvents: "read",
  listRequestLogs: "read",
  searchEverything: "read",
  getBalanceStatement: "read",
  getSettlementSummary: "read",
  // lib/actions: the dashboard's webhook inbox (each checks the inbox's owner too)
  createInbox: "inbox:manage",
  registerInbox: "inbox:manage",
  setInboxResponse: "inbox:manage",
  keepInboxSecret: "inbox:manage",
  deleteInbox: "inbox:manage",
  replayInboxMessage: "inbox:manage",
  testConnection: "read",
  // legacy /v1: a v1 payment is the old shape of a settlement request
  listV1Payments: "read",
  getV1Payment: "read",
  createV1Payment: "settlement:create",
  notifyV1Payment: "settlement:update",
  // lib/dashboard: the caller's own display preference
  setEnvironment: "read",
  // lib/auth/actions: sign-in, one's own account, administration
  signIn: PUBLIC,
  signOut: "account:self",
  changePassword: "account:self",
  createUser: "users:manage",
  changeUserRole: "users:manage",
  setUserDisabled: "users:manage",
  resetUserPassword: "users:manage",
  createApiKey: "keys:manage",
  revokeApiKey: "keys:manage",
} as const satisfies Record<string, Permission | typeof PUBLIC>;

export type ActionName = keyof typeof ACTION_PERMISSIONS;

/** The permission an action declared, or undefined for an unknown name (refuse it). */
export function permissionForAction(name: string): Permission | typeof PUBLIC | undefined {
  return Object.hasOwn(ACTION_PERMISSIONS, name) ? ACTION_PERMISSIONS[name as ActionName] : undefined;
}
