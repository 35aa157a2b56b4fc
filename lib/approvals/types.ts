/** Held submissions as the browser sees them (browser-safe). */
import type { Role } from "@/lib/auth/permissions";
import type { ControlledAction, SubmissionFacts } from "./rules";

export type SubmissionView = {
  id: string;
  environment: "sandbox" | "production";
  action: ControlledAction;
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: unknown;
  facts: SubmissionFacts;
  submittedBy: { userId: string; email: string };
  submittedAt: string;
  rule: { id: string; version: number; name: string };
  approvalsRequired: number;
  approverRoles: Role[];
  approvals: Array<{ email: string; role: string; at: string }>;
  expiresAt: string;
  status: "offered" | "pending" | "denied" | "expired" | "sending" | "sent" | "failed";
  heldBecause: "rule" | "daily_limit" | "duplicate";
  /** A secret the sent call answered with waits, sealed, for its author to reveal it once. */
  secretWaiting: boolean;
  decidedAt: string | null;
  deniedBy: string | null;
  denyReason: string | null;
  responseStatus: number | null;
  resultId: string | null;
  response: unknown;
};

/** A rule's backtest (lib/approvals/backtest.ts): what it would have held over the last 30 or 90 days. */
export type BacktestResult = {
  days: number;
  scanned: number;
  held: number;
  /** Held amounts per currency, decimal strings. */
  amounts: Array<{ currency: string; amount: string }>;
  sample: Array<{
    id: string;
    action: ControlledAction;
    environment: "sandbox" | "production";
    label: string;
    createdAt: string;
    href: string;
  }>;
  capped: boolean;
  errors: string[];
};

/** A batch submitted for approval is stored under this path (lib/batches/submit.ts): not an API call, the console's own. */
export const BATCH_SUBMISSION_PATH = "/console/batches/";

/** The path a payin's shortfall accepted on Returns is held under (a write-off, not an API call); its result is the settlement request. */
export const SHORTFALL_SUBMISSION_PATH = "console:returns/accepted-shortfalls";

/** The batch a batch submission's path names. */
export const batchIdOf = (path: string): string => path.slice(BATCH_SUBMISSION_PATH.length);

/** Where the sent call's result lives in the console, by action (a batch: its page). */
export function resultHref(action: ControlledAction, id: string | null, path = ""): string | null {
  if (path.startsWith(BATCH_SUBMISSION_PATH))
    return `/batches/${encodeURIComponent(path.slice(BATCH_SUBMISSION_PATH.length))}`;
  if (!id) return null;
  switch (action) {
    case "settlement_request":
      return `/settlement-requests/${encodeURIComponent(id)}`;
    case "disbursement":
      return `/disbursements/${encodeURIComponent(id)}`;
    case "v1_payment":
      return `/v1-payments/${encodeURIComponent(id)}`;
    case "payee":
      return "/payees";
    case "webhook_endpoint":
      return "/webhooks";
    case "api_key":
      return "/admin/api-keys";
    case "approval_rule":
      return id ? `/approvals/rules/${encodeURIComponent(id)}` : "/approvals/rules";
    case "reconciliation_write_off":
      return path === SHORTFALL_SUBMISSION_PATH
        ? `/settlement-requests/${encodeURIComponent(id)}`
        : "/reconciliation?view=exceptions&status=worked";
  }
}

/** A saved payee as the browser sees it. */
export type PayeeView = {
  id: string;
  environment: "sandbox" | "production";
  name: string;
  kind: "wallet" | "bank";
  currency: string;
  chain: string | null;
  /** The wallet address, or the fields that name a bank account ("021000021 / 123456789", an IBAN). */
  address: string;
  /** A bank payee's destination (currency, rail, the shape's account fields, the holder); null for a wallet. */
  destination: Record<string, unknown> | null;
  addedBy: string;
  addedAt: string;
  /** When its cooling-off period ends (usable from then on). */
  usableFrom: string;
};
