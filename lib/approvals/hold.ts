import "server-only";
import type { Actor } from "@/lib/auth/session";
import type { ApiCall } from "@/lib/dashboard/api-calls";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import type { Environment } from "@/lib/schemas/catalog";
import { nowFor } from "./clock";
import { inUsd } from "./usd";
import { factsOf } from "./facts";
import { destinationKeyOf } from "./payee-key";
import { coolingOffMinutes, findPayeeByKey, usableFrom } from "./payees";
import { type ControlledAction, governingRule, rolesText, type SubmissionFacts } from "./rules";
import { dayIn, leftOf, limitFor, release, reserve, usedToday } from "./limits";
import { currentRules, insertSubmission, type NewSubmission } from "./store";
import type { Executor } from "@/lib/db/database";

/** What a controlled action would send: its kind and the exact API call (lib/dashboard/api-calls.ts). */
export type Control = { action: ControlledAction; call: ApiCall };

export type Held = { id: string; message: string };

/** The facts of a call; an endpoint change is named by what it does ("PATCH /v0/webhooks/…: {"status":"DISABLED"}"). */
function factsOfCall(environment: Environment, control: Control): SubmissionFacts {
  const facts = factsOf(environment, control.action, control.call.body);
  if (control.action === "webhook_endpoint" && control.call.method !== "POST") {
    const body = control.call.body ? `: ${JSON.stringify(control.call.body).slice(0, 120)}` : "";
    facts.label = `${control.call.method === "DELETE" ? "Delete" : "Change"} ${control.call.path.replace(/^\/v0\/webhooks\//, "endpoint ")}${body}`;
  }
  return facts;
}

/** What the wrapper does with a controlled call: hold it, offer it for approval (past a daily limit), or send it (giving the reservation back if it fails). */
export type Verdict =
  | { kind: "refused"; code: string; message: string }
  | { kind: "held"; held: Held }
  | { kind: "over_limit"; held: Held }
  | { kind: "go"; release: () => Promise<void> };

/** Held past a daily limit: not a rule of anyone's making, so a fixed one (1 approval from Admin or Finance). */
const DAILY_LIMIT_RULE = {
  id: "daily-limit",
  version: 1,
  name: "Daily limit",
  approvalsRequired: 1 as const,
  approverRoles: ["admin", "finance"] as Array<"admin" | "finance">,
  enabled: true,
  createdBy: "console",
  createdAt: "",
};

/**
 * A payee still in its cooling-off period is refused first; then the rules (a held call counts
 * against no limit); then the person's daily limit in production.
 */
export async function judge(
  control: Control,
  ctx: { environment: Environment; actor: Actor; actionName: string },
): Promise<Verdict> {
  const { db } = await getDatabase();
  const facts = factsOfCall(ctx.environment, control);
  const destination = destinationKeyOf(control.action, control.call.body);
  const payee = destination ? await findPayeeByKey(db, ctx.environment, destination) : null;
  facts.knownDestination = payee !== null;
  if (payee && control.action !== "payee") {
    const from = usableFrom(payee, await coolingOffMinutes(db, ctx.environment));
    if (from > new Date()) {
      return {
        kind: "refused",
        code: "payee_cooling_off",
        message: `“${payee.name}” is a new payee: usable from ${from.toISOString().slice(0, 16).replace("T", " ")} UTC, when its cooling-off period ends. Nothing was sent.`,
      };
    }
  }
  const held = await holdIfRuled(control, ctx, facts);
  if (held) return { kind: "held", held };
  const none = { kind: "go" as const, release: async () => {} };
  if (ctx.environment !== "production") return none;
  if (!facts.amount || !facts.currency) return none;
  const limit = await limitFor(db, ctx.actor, ctx.environment, facts.currency);
  if (!limit) return none;
  const key = {
    userId: ctx.actor.userId,
    environment: ctx.environment,
    day: dayIn(env().LIMITS_TIME_ZONE),
    currency: facts.currency,
  };
  if (await reserve(db, key, facts.amount, limit.amount))
    return { kind: "go", release: () => release(db, key, facts.amount as string) };
  const used = await usedToday(db, key);
  const row = await storeCall(db, control, ctx, facts, new Date(), {
    rule: {
      ...DAILY_LIMIT_RULE,
      conditions: {
        environments: ["production"],
        actions: [control.action],
        currencies: [],
        amountAtLeast: null,
        amountIn: "submission",
        destinationTypes: [],
        newDestinationOnly: false,
      },
    },
    status: "offered",
    heldBecause: "daily_limit",
  });
  const left = leftOf(limit.amount, used);
  return {
    kind: "over_limit",
    held: {
      id: row.id,
      message: `This is over your daily limit: ${left} ${facts.currency} left today of ${limit.amount} ${facts.currency}. Nothing was sent. Submit it for approval instead?`,
    },
  };
}

/**
 * The one check of every controlled action (decisions D19.2), run by the action wrapper after
 * the caller was authorized and the input parsed: when a current rule holds the call, it is
 * stored (method, path, body, Idempotency-Key) instead of sent, and the caller is told who may
 * approve it and why. Otherwise null: the call goes through as it always did.
 */
export async function holdIfRuled(
  control: Control,
  ctx: { environment: Environment; actor: Actor; actionName: string },
  facts: SubmissionFacts = factsOfCall(ctx.environment, control),
): Promise<Held | null> {
  const { db } = await getDatabase();
  const rules = await currentRules(db);
  if (rules.length === 0) return null;
  // A threshold in USD prices the amount through the service's quote (only when a rule asks).
  if (
    facts.amount &&
    rules.some((r) => r.enabled && r.conditions.amountAtLeast !== null && r.conditions.amountIn === "USD")
  ) {
    facts.amountUsd = await inUsd(ctx.environment, facts.currency, facts.amount);
  }
  const rule = governingRule(rules, facts);
  if (!rule) return null;
  const row = await storeCall(db, control, ctx, facts, await nowFor(ctx.environment), { rule });
  const needs = `${rule.approvalsRequired} approval${rule.approvalsRequired === 2 ? "s" : ""} from ${rolesText(rule.approverRoles)}`;
  return {
    id: row.id,
    message: `Waiting for approval: “${rule.name}” needs ${needs} (not you). Nothing was sent yet.`,
  };
}

/** Stores what would have been sent, exactly (method, path, body, Idempotency-Key), with who sent it and why it waits. */
function storeCall(
  db: Executor,
  control: Control,
  ctx: { environment: Environment; actor: Actor; actionName: string },
  facts: SubmissionFacts,
  now: Date,
  held: Pick<NewSubmission, "rule" | "status" | "heldBecause">,
) {
  return insertSubmission(db, {
    environment: ctx.environment,
    action: control.action,
    actionName: ctx.actionName,
    method: control.call.method as "POST",
    path: control.call.path,
    idempotencyKey: control.call.idempotencyKey ?? null,
    body: control.call.body ?? null,
    facts,
    submittedBy: ctx.actor.userId,
    submittedByEmail: ctx.actor.email,
    expiresAt: new Date(now.getTime() + env().APPROVAL_EXPIRY_HOURS * 3_600_000),
    ...held,
  });
}
