import { boolean, date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { ControlledAction, RuleConditions, SubmissionFacts } from "./rules";

/** Money controls (issue 31, decisions D19). Created by lib/db/migrations/0020_approvals.ts. */

/** Every version of every rule; `current` marks the one new submissions are judged by. */
export const approvalRules = pgTable(
  "console_approval_rules",
  {
    id: text("id").notNull(),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull(),
    conditions: jsonb("conditions").$type<RuleConditions>().notNull(),
    approvalsRequired: integer("approvals_required").notNull(),
    approverRoles: text("approver_roles").array().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    current: boolean("current").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.id, t.version] })],
);

/** `offered`: over a daily limit, stored but not in the queue until its author submits it for approval. */
export type SubmissionStatus = "offered" | "pending" | "denied" | "expired" | "sending" | "sent" | "failed";

/** A held call: exactly what would have been sent, who sent it, the rule (and version) that held it. */
export const submissions = pgTable("console_submissions", {
  id: text("id").primaryKey(),
  environment: text("environment").$type<"sandbox" | "production">().notNull(),
  action: text("action").$type<ControlledAction>().notNull(),
  /** The server action that was called (createSettlementRequest, …). */
  actionName: text("action_name").notNull(),
  method: text("method").$type<"POST" | "PUT" | "PATCH" | "DELETE">().notNull(),
  path: text("path").notNull(),
  idempotencyKey: text("idempotency_key"),
  body: jsonb("body"),
  facts: jsonb("facts").$type<SubmissionFacts>().notNull(),
  submittedBy: text("submitted_by").notNull(),
  submittedByEmail: text("submitted_by_email").notNull(),
  submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  ruleId: text("rule_id").notNull(),
  ruleVersion: integer("rule_version").notNull(),
  ruleName: text("rule_name").notNull(),
  approvalsRequired: integer("approvals_required").notNull(),
  approverRoles: text("approver_roles").array().notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  status: text("status").$type<SubmissionStatus>().notNull().default("pending"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  deniedBy: text("denied_by"),
  denyReason: text("deny_reason"),
  sendingAt: timestamp("sending_at", { withTimezone: true }),
  responseStatus: integer("response_status"),
  response: jsonb("response"),
  resultId: text("result_id"),
  /** "rule": a rule held it; "daily_limit": its author asked for approval past their daily limit. */
  heldBecause: text("held_because").$type<"rule" | "daily_limit" | "duplicate">().notNull().default("rule"),
  /** The secret the sent call answered with (a webhook's signing secret, a new API key), sealed until its author reveals it once. */
  secretSealed: text("secret_sealed"),
  secretRevealedAt: timestamp("secret_revealed_at", { withTimezone: true }),
});

/** A daily limit in one currency, for a role or a person (who overrides their role). */
export const dailyLimits = pgTable("console_daily_limits", {
  id: text("id").primaryKey(),
  environment: text("environment").$type<"sandbox" | "production">().notNull(),
  role: text("role"),
  userId: text("user_id"),
  userEmail: text("user_email"),
  currency: text("currency").notNull(),
  amount: numeric("amount").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  removedAt: timestamp("removed_at", { withTimezone: true }),
});

/** What a person sent today, per currency (reserved before the call, given back if it fails). */
export const dailyUsage = pgTable(
  "console_daily_usage",
  {
    userId: text("user_id").notNull(),
    environment: text("environment").notNull(),
    day: date("day").notNull(),
    currency: text("currency").notNull(),
    amount: numeric("amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.environment, t.day, t.currency] })],
);

/** One row per person per submission: nobody counts twice. */
export const submissionApprovals = pgTable(
  "console_submission_approvals",
  {
    submissionId: text("submission_id").notNull(),
    userId: text("user_id").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.userId] })],
);

/** A saved payee (a wallet): usable once its environment's cooling-off period has passed since it was added. */
export const payees = pgTable("console_payees", {
  id: text("id").primaryKey(),
  environment: text("environment").$type<"sandbox" | "production">().notNull(),
  name: text("name").notNull(),
  kind: text("kind").$type<"wallet" | "bank">().notNull(),
  currency: text("currency").notNull(),
  chain: text("chain"),
  address: text("address").notNull(),
  /** How a destination in a call is recognised as this payee (lib/approvals/payee-key.ts). */
  matchKey: text("match_key").notNull(),
  /** A bank payee's whole destination (currency, rail, account fields, holder); null for wallets and older IBAN payees. */
  destination: jsonb("destination").$type<Record<string, unknown>>(),
  addedBy: text("added_by").notNull(),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  removedAt: timestamp("removed_at", { withTimezone: true }),
  removedBy: text("removed_by"),
});

/** The console's own settings, by key (the payees' cooling-off period per environment). */
export const consoleSettings = pgTable("console_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
