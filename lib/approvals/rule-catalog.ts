/**
 * What approval rules speak of, in words (issue 45): the controlled actions and their labels,
 * who may approve, and a rule's one-sentence summary. No schema library and no arithmetic, so
 * the pages that only show rules do not ship zod or decimal.js; the schemas and the judging are
 * in rules.ts, which re-exports these.
 */
import { ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import { formatMoney } from "@/lib/money/format";

/** What a rule can hold: the console's money movements, new payees, and the changes that redirect events or grant access (decisions D19.1). */
export const CONTROLLED_ACTIONS = [
  "settlement_request",
  "disbursement",
  "v1_payment",
  "payee",
  "webhook_endpoint",
  "api_key",
  "approval_rule",
  "reconciliation_write_off",
] as const;
export type ControlledAction = (typeof CONTROLLED_ACTIONS)[number];

/** What a rule may name: every controlled action but a change of a production rule, which always needs a second admin (issue 43). */
export const RULE_ACTIONS = CONTROLLED_ACTIONS.filter(
  (a): a is Exclude<ControlledAction, "approval_rule"> => a !== "approval_rule",
);

export const CONTROLLED_ACTION_LABELS: Record<ControlledAction, string> = {
  settlement_request: "Settlement request",
  disbursement: "Disbursement",
  v1_payment: "/v1 payment",
  payee: "New payee",
  webhook_endpoint: "Webhook endpoint change",
  api_key: "API key creation",
  approval_rule: "Production rule change",
  reconciliation_write_off: "Reconciliation write-off",
};

const CONTROLLED_ACTION_PLURALS: Record<ControlledAction, string> = {
  settlement_request: "settlement requests",
  disbursement: "disbursements",
  v1_payment: "/v1 payments",
  payee: "new payees",
  webhook_endpoint: "webhook endpoint changes",
  api_key: "new API keys",
  approval_rule: "production rule changes",
  reconciliation_write_off: "reconciliation write-offs",
};

export const DESTINATION_TYPES = ["bank", "wallet"] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** Roles that may approve: support changes nothing; production money only finance and admin (as everywhere). */
export const APPROVER_ROLES = ["admin", "finance", "developer"] as const satisfies readonly Role[];

/** "Admin or Finance". */
export function rolesText(roles: readonly Role[]): string {
  const labels = roles.map((r) => ROLE_LABELS[r].label);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/** Why a rule holds things, in one sentence. */
/** What a rule's one-sentence summary reads (the rule's own shape is in rules.ts, which builds on this file). */
export type RuleSummaryInput = {
  conditions: {
    actions: readonly ControlledAction[];
    environments: readonly string[];
    currencies: readonly string[];
    amountAtLeast: string | null;
    amountIn: "submission" | "USD";
    destinationTypes: readonly DestinationType[];
    newDestinationOnly: boolean;
  };
  approvalsRequired: number;
  approverRoles: readonly Role[];
};

export function ruleSummary(rule: RuleSummaryInput): string {
  const c = rule.conditions;
  const what = c.actions.map((a) => CONTROLLED_ACTION_PLURALS[a]).join(", ");
  const where = c.environments.length === 2 ? "in both environments" : `in ${c.environments[0]}`;
  const parts = [`${what} ${where}`];
  if (c.currencies.length > 0) parts.push(`in ${c.currencies.join(", ")}`);
  if (c.amountAtLeast !== null)
    parts.push(
      c.amountIn === "USD" ? `worth ${formatMoney(c.amountAtLeast, "USD")} or more` : `of ${c.amountAtLeast} or more`,
    );
  if (c.destinationTypes.length === 1)
    parts.push(c.destinationTypes[0] === "bank" ? "to a bank account" : "to a wallet");
  if (c.newDestinationOnly) parts.push("to a destination not in the payee book");
  const who = `${rule.approvalsRequired} approval${rule.approvalsRequired === 2 ? "s" : ""} from ${rolesText(rule.approverRoles)}`;
  return `${capitalize(parts.join(" "))} need ${who}.`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
