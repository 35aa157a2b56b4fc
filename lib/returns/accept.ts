import "server-only";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { acceptMeaning } from "./labels";
import type { PayinCase } from "./cases";
import { attemptAfter, currentCase, type PlanRefusal } from "./plan";
import type { DecidedCase } from "./read";
import { paidNothing } from "./stage";
import { type NewDecision, recordDecision } from "./store";

export type Acceptance = {
  ok: true;
  found: PayinCase;
  previous: DecidedCase | null;
  /** What it takes off the books: an underpayment's shortfall, an overpayment's excess, or what was expected. */
  amount: string;
  attempt: number;
  /** `accept-<request>-<attempt>`: how a held acceptance's submission is found again. */
  idempotencyKey: string;
};

/**
 * What accepting a payin as it came would record (decisions D25.9), read from the service now:
 * the case, the amount (an underpayment's shortfall, which a write-off rule judges), and the
 * attempt. Refused when there is nothing to decide, or a return is under way or done.
 */
export async function planAcceptance(
  db: Executor,
  environment: Environment,
  requestId: string,
): Promise<Acceptance | PlanRefusal> {
  const current = await currentCase(db, environment, requestId);
  if (!current.ok) return current;
  const { found, previous } = current;
  if (previous && previous.decision === "return" && !paidNothing(previous.stage))
    return {
      ok: false,
      code: "already_decided",
      message: "Its return is under way or done; it cannot be accepted instead.",
    };
  const attempt = attemptAfter(previous);
  return {
    ok: true,
    found,
    previous,
    amount: (found.difference ?? found.expected).replace("-", ""),
    attempt,
    idempotencyKey: `accept-${found.requestId}-${attempt}`,
  };
}

/** The decision an acceptance records, by whom and why. */
export const acceptanceOf = (plan: Acceptance, note: string, decidedBy: string): NewDecision => ({
  requestId: plan.found.requestId,
  externalId: plan.found.externalId,
  kind: plan.found.kind,
  decision: "accept",
  mode: null,
  amount: plan.amount,
  currency: plan.found.currency,
  walletAddress: null,
  chain: null,
  attempt: plan.attempt,
  idempotencyKey: plan.idempotencyKey,
  note,
  decidedBy,
});

/**
 * Records an acceptance: at once when nothing held it, or when its write-off was approved (then
 * by whoever submitted it). The payin's case is read again, so an approval of a shortfall that
 * has since been paid up records nothing. Returns the decision's meaning, or why not.
 */
export async function acceptPayinNow(
  db: Executor,
  environment: Environment,
  requestId: string,
  note: string,
  decidedBy: string,
): Promise<{ ok: true; meaning: string } | PlanRefusal> {
  const plan = await planAcceptance(db, environment, requestId);
  return plan.ok ? recordAcceptance(db, environment, plan, note, decidedBy) : plan;
}

/** Records a planned acceptance; it replaces only the decision it read (a return recorded meanwhile by someone else stands). */
export async function recordAcceptance(
  db: Executor,
  environment: Environment,
  plan: Acceptance,
  note: string,
  decidedBy: string,
): Promise<{ ok: true; meaning: string } | PlanRefusal> {
  const stored = await recordDecision(db, environment, acceptanceOf(plan, note, decidedBy), plan.previous !== null);
  if (!stored) return { ok: false, code: "already_decided", message: "Someone decided this payin meanwhile." };
  return { ok: true, meaning: acceptMeaning(plan.found.kind) };
}
