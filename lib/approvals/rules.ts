/**
 * Approval rules (issue 31, decisions D19): which submissions the console holds until people
 * approve them. Pure and browser-safe: the rule editor, the backtest and the action wrapper
 * judge a submission with the same functions.
 */
import Decimal from "decimal.js";
import { z } from "@/lib/schemas/zod";
import { CURRENCIES, ENVIRONMENTS, type Environment } from "@/lib/schemas/catalog";
import { can, PRODUCTION_MUTATORS, type Permission, type Role } from "@/lib/auth/permissions";
import {
  APPROVER_ROLES,
  DESTINATION_TYPES,
  RULE_ACTIONS,
  rolesText,
  type ControlledAction,
  type DestinationType,
} from "./rule-catalog";

// The words of rules (labels, who may approve, summaries) live in rule-catalog.ts, without zod; re-exported here.
export * from "./rule-catalog";

const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, "A number like 10000 or 2500.50");

export const ruleConditionsSchema = z.object({
  environments: z.array(z.enum(ENVIRONMENTS)).min(1, "Choose at least one environment"),
  actions: z.array(z.enum(RULE_ACTIONS)).min(1, "Choose at least one action"),
  /** Empty: any currency. */
  currencies: z.array(z.enum(CURRENCIES)),
  /** In each submission's own currency, or in USD (amountIn); null: any amount. */
  amountAtLeast: amountText.nullable(),
  /** "USD" (the default, issue 43): the amount priced in USD by the service's quote; "submission": in the submission's currency, for the currencies picked. */
  amountIn: z.enum(["submission", "USD"]).default("USD"),
  /** Empty: any destination. */
  destinationTypes: z.array(z.enum(DESTINATION_TYPES)),
  /** Only destinations not (yet) in the payee address book. */
  newDestinationOnly: z.boolean().default(false),
});
export type RuleConditions = z.output<typeof ruleConditionsSchema>;

export const ruleBodySchema = z
  .object({
    name: z.string().trim().min(1, "Name the rule").max(80, "Use at most 80 characters"),
    enabled: z.boolean(),
    conditions: ruleConditionsSchema,
    approvalsRequired: z.union([z.literal(1), z.literal(2)], { error: "1 or 2 approvals" }),
    approverRoles: z.array(z.enum(APPROVER_ROLES)).min(1, "Choose who may approve"),
  })
  .superRefine((rule, ctx) => {
    if (
      rule.conditions.environments.includes("production") &&
      rule.approverRoles.some((r) => !(PRODUCTION_MUTATORS as readonly string[]).includes(r))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["approverRoles"],
        message: "In production only Admin and Finance may approve",
      });
    }
    // A threshold in "each submission's own currency" over every currency compares NGN 15,000 with USD 10,000 (issue 43).
    if (
      rule.conditions.amountAtLeast !== null &&
      rule.conditions.amountIn === "submission" &&
      rule.conditions.currencies.length === 0
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["conditions", "currencies"],
        message: "A threshold in each submission's own currency needs its currencies: pick them, or measure in USD",
      });
    }
  });
export type RuleBody = z.output<typeof ruleBodySchema>;

/** A rule as stored: its body, its id and the version submissions record. */
export type Rule = RuleBody & { id: string; version: number; createdBy: string; createdAt: string };

/** What a rule is judged on: read from the exact call the console would send. */
export type SubmissionFacts = {
  environment: Environment;
  action: ControlledAction;
  currency: string | null;
  /** A decimal string in `currency`. */
  amount: string | null;
  /** The amount in USD by the service's quote, when a rule asks in USD (null: not priced, or it could not be). */
  amountUsd?: string | null;
  destinationType: DestinationType | null;
  /** Whether the destination is a saved payee (null: not known, e.g. when read from history). */
  knownDestination: boolean | null;
  /** One line for lists: "USDC 250.00 to 0x5aAe…eAed". */
  label: string;
};

/** Whether `rule` holds a submission with these facts (every condition set must hold). */
export function ruleMatches(rule: Pick<RuleBody, "enabled" | "conditions">, facts: SubmissionFacts): boolean {
  const c = rule.conditions;
  if (!rule.enabled) return false;
  if (!c.environments.includes(facts.environment)) return false;
  if (!(c.actions as readonly ControlledAction[]).includes(facts.action)) return false;
  if (c.currencies.length > 0 && (!facts.currency || !(c.currencies as string[]).includes(facts.currency)))
    return false;
  if (c.amountAtLeast !== null) {
    if (facts.amount === null) return false;
    if (c.amountIn === "USD") {
      // Not priced (the service would not quote it): held, a person decides.
      if (facts.amountUsd && new Decimal(facts.amountUsd).lessThan(c.amountAtLeast)) return false;
    } else if (new Decimal(facts.amount).lessThan(c.amountAtLeast)) return false;
  }
  if (c.destinationTypes.length > 0 && (!facts.destinationType || !c.destinationTypes.includes(facts.destinationType)))
    return false;
  if (c.newDestinationOnly && facts.knownDestination !== false) return false;
  return true;
}

/** The rule a submission falls under: of all that match, the one asking for the most approvals (the first such). */
export function governingRule<R extends Pick<RuleBody, "enabled" | "conditions" | "approvalsRequired">>(
  rules: R[],
  facts: SubmissionFacts,
): R | null {
  let chosen: R | null = null;
  for (const rule of rules) {
    if (ruleMatches(rule, facts) && (!chosen || rule.approvalsRequired > chosen.approvalsRequired)) chosen = rule;
  }
  return chosen;
}

/** The permission a person needs to make each controlled call (who could be a submitter). */
export const SUBMITTING_PERMISSION: Record<ControlledAction, Permission> = {
  settlement_request: "settlement:create",
  disbursement: "disbursement:create",
  v1_payment: "disbursement:create",
  payee: "disbursement:create",
  webhook_endpoint: "webhooks:manage",
  api_key: "keys:manage",
  approval_rule: "approvals:rules",
  reconciliation_write_off: "reconciliation:run",
};

/**
 * Why no set of eligible people other than the submitter can approve what `rule` holds, or null
 * (issue 43). `people`: the console's active people and their roles. An approver who could also
 * have submitted the call cannot approve their own, so then one more is needed.
 */
export function unsatisfiableBecause(
  rule: Pick<RuleBody, "conditions" | "approvalsRequired" | "approverRoles" | "enabled">,
  people: ReadonlyArray<{ role: Role }>,
): string | null {
  if (!rule.enabled) return null;
  const eligible = people.filter((p) => (rule.approverRoles as readonly Role[]).includes(p.role));
  const couldSubmit = eligible.some((p) =>
    rule.conditions.actions.some((a) =>
      rule.conditions.environments.some((e) => can(p.role, SUBMITTING_PERMISSION[a], e)),
    ),
  );
  const needed = rule.approvalsRequired + (couldSubmit ? 1 : 0);
  if (eligible.length >= needed) return null;
  const who = rolesText(rule.approverRoles);
  const have = `${eligible.length} ${eligible.length === 1 ? "person" : "people"}`;
  return couldSubmit
    ? `Nobody could approve some of what this holds: ${who} ${eligible.length === 1 ? "is" : "are"} ${have}, and a submitter of theirs cannot approve their own, so ${rule.approvalsRequired} approval${rule.approvalsRequired === 2 ? "s need" : " needs"} ${needed} of them. Add people, name more roles, or ask for fewer approvals.`
    : `Only ${have} may approve as ${who}, fewer than the ${rule.approvalsRequired} approvals it asks for.`;
}
