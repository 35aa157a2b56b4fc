import type { ControlVerdict, HeldCall } from "@/lib/actions/control-verdict";
import "server-only";
import type { Actor } from "@/lib/auth/session";
import type { ApiCall } from "@/lib/dashboard/api-calls";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import type { Environment } from "@/lib/schemas/catalog";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { inUsd } from "./usd";
import { destinationOfCall, factsOfCall, readsAsEntry, type ControlledActionTable } from "./controlled-action";
import { coolingOffMinutes, findPayeeByKey } from "./payees";
import { type ControlledAction, governingRule, rolesText, type Rule, type SubmissionFacts } from "./rules";
import { startOfDayIn } from "@/lib/dates/calendar";
import { leftOf, limitFor } from "./limits";
import {
  finishMoneyCall,
  holdMoneyCall,
  noteDestination,
  recordMoneyCall,
  type PossibleDuplicate,
} from "./money-calls";
import { formatMoney } from "@/lib/money/format";
import { settlementRequestCreateSchema } from "@/lib/schemas/settlement-request";
import { priceSettlementRequest } from "@/lib/settlement-api/price-settlement-request";
import { currentRules, insertSubmission, type NewSubmission } from "./store";
import type { Executor } from "@/lib/db/database";
import { formatUtcMinute } from "@/lib/dashboard/format-date";
import { breachText, floorBreaches } from "@/lib/runway/floor-check";

/** What a controlled action would send: its kind and the exact API call (lib/dashboard/api-calls.ts). */
export type Control = { action: ControlledAction; call: ApiCall };

/** A held call: its submission, what its author reads, and the author's own pending submission it may replace. */
export type Held = HeldCall;

/** What the wrapper does with a controlled call: hold it, offer it for approval (past a daily limit), or send it (then say how it ended). */
export type Verdict = ControlVerdict;

/** Held past a daily limit, or as a possible duplicate: not a rule of anyone's making, so a fixed one (1 approval from Admin or Finance). */
const fixedRule = (
  id: "daily-limit" | "possible-duplicate" | "runway-floor",
  name: string,
  action: ControlledAction,
) => ({
  id,
  version: 1,
  name,
  approvalsRequired: 1 as const,
  approverRoles: ["admin", "finance"] as Array<"admin" | "finance">,
  enabled: true,
  createdBy: "console",
  createdAt: "",
  conditions: {
    environments: ["production" as const],
    actions: action === "approval_rule" ? [] : [action],
    currencies: [],
    amountAtLeast: null,
    amountIn: "submission" as const,
    destinationTypes: [],
    newDestinationOnly: false,
  },
});

const MONEY_ACTIONS: ReadonlySet<ControlledAction> = new Set(["settlement_request", "disbursement", "v1_payment"]);
/** Payouts from the pre-funded balance: a runway floor holds them (decisions D25.7). */
export const PAYOUT_ACTIONS: ReadonlySet<ControlledAction> = new Set(["disbursement", "v1_payment"]);
const utc = formatUtcMinute;

/**
 * The controls, in order (issue 43, decisions D19.11): a production destination this account
 * has never paid waits out its cooling-off period, however it was entered; then the rules; then,
 * recorded under locks, a possible duplicate of something held or sent in the last 24 h is held
 * for someone else's look (production), and the person's daily limit is measured in USD against
 * what they sent today.
 */
export async function judge(
  table: ControlledActionTable,
  control: Control,
  ctx: { environment: Environment; actor: Actor; actionName: string },
): Promise<Verdict> {
  // A body its entry cannot read would have no amount, and an amount rule would not see it: refused.
  if (!readsAsEntry(table, control.action, control.call.body))
    return {
      kind: "refused",
      code: "invalid_body",
      message: "This call cannot be checked against the approval rules. Nothing was sent.",
    };
  const { db } = await getDatabase();
  const facts = factsOfCall(table, ctx.environment, control.action, control.call);
  const destination = destinationOfCall(table, control.action, control.call.body);
  const payee = destination ? await findPayeeByKey(db, ctx.environment, destination) : null;
  facts.knownDestination = payee !== null;
  const money = MONEY_ACTIONS.has(control.action);
  if (money && destination && ctx.environment === "production") {
    const cooling = await coolingOffMinutes(db, ctx.environment);
    const seen = await noteDestination(db, ctx.environment, destination);
    const from = new Date(seen.firstSeenAt.getTime() + cooling * 60_000);
    if (!seen.firstPaidAt && from > new Date()) {
      const who = payee ? `“${payee.name}” is a new payee` : "This destination was never paid from this account";
      return {
        kind: "refused",
        code: "destination_cooling_off",
        message: `${who}: usable from ${utc(from)}, when its cooling-off period ends. Nothing was sent.`,
      };
    }
  }
  if (!money) {
    const held = await holdIfRuled(control, ctx, facts);
    return held ? { kind: "held", held } : { kind: "go", finish: async () => {} };
  }
  // The value leaving, in USD by the service's quote, whatever side was typed (limits, USD rules).
  facts.amountUsd = await valueLeavingUsd(ctx.environment, control, facts);
  // A payout that would take its currency below the runway floor waits for an approval like a rule's hold.
  const breaches =
    PAYOUT_ACTIONS.has(control.action) && facts.currency && facts.amount
      ? await floorBreaches(db, ctx.environment, [{ currency: facts.currency, amount: facts.amount }])
      : [];
  const rule =
    (await ruleFor(ctx.environment, facts)) ??
    (breaches.length > 0 ? fixedRule("runway-floor", "Runway floor", control.action) : null);
  const production = ctx.environment === "production";
  const limit = production && !rule ? await limitFor(db, ctx.actor, ctx.environment) : null;
  const call = await recordMoneyCall(
    db,
    {
      environment: ctx.environment,
      action: control.action,
      userId: ctx.actor.userId,
      destinationKey: destination,
      // What the destination receives: a settlement request's destination currency, whichever side was typed.
      currency: destinationCurrencyOf(control, facts),
      // The amount as typed, when typed in that currency (the flags show it beside it).
      amount: destinationCurrencyOf(control, facts) === facts.currency ? facts.amount : null,
      amountUsd: facts.amountUsd,
      externalId: externalIdOf(control.call.body),
    },
    {
      dayStart: startOfDayIn(env().MERCHANT_TIME_ZONE),
      heldByRule: rule !== null,
      holdDuplicates: production,
      limitUsd: limit?.amount ?? null,
      zone: env().MERCHANT_TIME_ZONE,
    },
  );
  if (call.outcome === "go") return { kind: "go", finish: (ok: boolean) => finishMoneyCall(db, call.id, ok) };
  if (rule) {
    const held = await holdByRule(control, ctx, facts, rule, call.duplicates);
    await holdMoneyCall(db, call.id, held.id);
    const floor = breaches.length > 0 ? `Held by the runway floor: ${breachText(breaches)}. ` : "";
    return {
      kind: "held",
      held: { ...held, message: `${floor}${held.message}`, replaces: ownPending(call.duplicates, ctx.actor.userId) },
    };
  }
  if (call.outcome === "duplicate") {
    const row = await storeCall(db, control, ctx, facts, new Date(), {
      rule: fixedRule("possible-duplicate", "Possible duplicate", control.action),
      status: "pending",
      heldBecause: "duplicate",
    });
    await holdMoneyCall(db, call.id, row.id);
    return {
      kind: "held",
      held: {
        id: row.id,
        message: duplicateMessage(call.duplicates, ctx.actor.userId),
        replaces: ownPending(call.duplicates, ctx.actor.userId),
      },
    };
  }
  const row = await storeCall(db, control, ctx, facts, new Date(), {
    rule: fixedRule("daily-limit", "Daily limit", control.action),
    status: "offered",
    heldBecause: "daily_limit",
  });
  await holdMoneyCall(db, call.id, row.id);
  const cap = limit?.amount ?? "0";
  const left = leftOf(cap, call.usedTodayUsd);
  return {
    kind: "over_limit",
    held: {
      id: row.id,
      message:
        facts.amountUsd === null
          ? `This could not be priced in USD just now, so your daily limit cannot be checked (${formatMoney(left, "USD")} left today of ${formatMoney(cap, "USD")}). Nothing was sent. Submit it for approval instead?`
          : `This is over your daily limit: it is worth ${formatMoney(facts.amountUsd, "USD")}, and ${formatMoney(left, "USD")} is left today of ${formatMoney(cap, "USD")}. Nothing was sent. Submit it for approval instead?`,
    },
  };
}

/** The author's own submission still waiting among the duplicates: the new one may replace it. */
const ownPending = (duplicates: PossibleDuplicate[], userId: string): string | undefined =>
  duplicates.find((d) => d.status === "held" && d.userId === userId && d.submissionId)?.submissionId ?? undefined;

/** What the submitter reads when a possible duplicate is held. */
function duplicateMessage(duplicates: PossibleDuplicate[], userId: string): string {
  const first = duplicates[0];
  const what = first?.same === "external_id" ? "the same external_id" : "the same destination and currency";
  const state = first?.status === "held" ? "waiting for approval" : first?.status === "sent" ? "sent" : "on its way";
  const mine = first?.userId === userId ? " by you" : "";
  return `Possible duplicate: ${duplicates.length === 1 ? "another" : `${duplicates.length} other`} payment${duplicates.length === 1 ? "" : "s"} with ${what} in the last 24 hours (the latest ${state}${mine}, ${first ? utc(new Date(first.createdAt)) : ""}). Held for someone else to look at; nothing was sent.`;
}

/** The currency a money call's destination receives (a settlement request's destination currency). */
function destinationCurrencyOf(control: Control, facts: SubmissionFacts): string | null {
  if (control.action !== "settlement_request") return facts.currency;
  const b = control.call.body as { destination?: { currency?: unknown } } | undefined;
  return typeof b?.destination?.currency === "string" ? b.destination.currency : facts.currency;
}

/** The external_id a money call carries, if any. */
function externalIdOf(body: unknown): string | null {
  const b = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const v = b.external_id ?? b.reference;
  return typeof v === "string" && v.trim() ? v.trim() : null;
}

/**
 * The value a money call takes from the balance, in USD (2 decimals) by the service's quote:
 * a settlement request typed on the recipient's side is first priced to what the payer sends.
 * Null when it cannot be priced.
 */
async function valueLeavingUsd(
  environment: Environment,
  control: Control,
  facts: SubmissionFacts,
): Promise<string | null> {
  const body = control.call.body as Record<string, unknown> | undefined;
  if (control.action === "settlement_request" && body && body.amount === undefined) {
    const parsed = settlementRequestCreateSchema.safeParse(body);
    if (!parsed.success) return null;
    const priced = await priceSettlementRequest(environment, parsed.data);
    if (!priced.ok) return null;
    return inUsd(environment, priced.data.payer.currency, priced.data.payer.amount);
  }
  return inUsd(environment, facts.currency, facts.amount);
}

/**
 * The one check of every controlled action (decisions D19.2), run by the action wrapper after
 * the caller was authorized and the input parsed: when a current rule holds the call, it is
 * stored (method, path, body, Idempotency-Key) instead of sent, and the caller is told who may
 * approve it and why. Otherwise null: the call goes through as it always did.
 */
async function holdIfRuled(
  control: Control,
  ctx: { environment: Environment; actor: Actor; actionName: string },
  facts: SubmissionFacts,
): Promise<Held | null> {
  const rule = await ruleFor(ctx.environment, facts);
  return rule ? holdByRule(control, ctx, facts, rule, []) : null;
}

/** The current rule that holds a call with these facts, if any (a USD threshold prices the amount first). */
async function ruleFor(environment: Environment, facts: SubmissionFacts): Promise<Rule | null> {
  const { db } = await getDatabase();
  const rules = await currentRules(db);
  if (rules.length === 0) return null;
  // A threshold in USD prices the amount through the service's quote (only when a rule asks).
  if (
    facts.amount &&
    facts.amountUsd === undefined &&
    rules.some((r) => r.enabled && r.conditions.amountAtLeast !== null && r.conditions.amountIn === "USD")
  ) {
    facts.amountUsd = await inUsd(environment, facts.currency, facts.amount);
  }
  return governingRule(rules, facts);
}

/** Stores the call a rule holds and says who may approve it, and why (an amount that could not be priced, a possible duplicate). */
async function holdByRule(
  control: Control,
  ctx: { environment: Environment; actor: Actor; actionName: string },
  facts: SubmissionFacts,
  rule: Rule,
  duplicates: PossibleDuplicate[],
): Promise<Held> {
  const { db } = await getDatabase();
  const row = await storeCall(db, control, ctx, facts, await nowFor(ctx.environment), { rule });
  const needs = `${rule.approvalsRequired} approval${rule.approvalsRequired === 2 ? "s" : ""} from ${rolesText(rule.approverRoles)}`;
  const unpriced =
    rule.conditions.amountIn === "USD" && rule.conditions.amountAtLeast !== null && facts.amount && !facts.amountUsd
      ? " It could not be priced in USD, so it is held to be safe."
      : "";
  const duplicate = duplicates.length > 0 ? ` ${duplicateMessage(duplicates, ctx.actor.userId)}` : "";
  return {
    id: row.id,
    message: `Waiting for approval: “${rule.name}” needs ${needs} (not you). Nothing was sent yet.${unpriced}${duplicate}`,
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

/**
 * A controlled action's check (issue 60): the call `build` makes of the action's input, judged
 * against the approval rules, limits, duplicates and cooling-off with the entries of the features
 * it names (each controlled action names its own: `{ disbursement: disbursementAction }`), so the
 * actions' wrapper only acts on the verdict and knows no feature.
 */
export function controlled<I, C extends { environment: Environment; actor: Actor; actionName: string }>(
  table: Partial<ControlledActionTable>,
  build: (input: I, ctx: C) => Control | Promise<Control>,
): (input: I, ctx: C) => Promise<Verdict> {
  return async (input, ctx) =>
    judge(table as ControlledActionTable, await build(input, ctx), {
      environment: ctx.environment,
      actor: ctx.actor,
      actionName: ctx.actionName,
    });
}
