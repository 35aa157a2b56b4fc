"use server";

import { controlled } from "@/lib/approvals/hold";
import { mutationAction, refused } from "@/lib/actions/action";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { disbursementAction } from "@/lib/disbursements/controlled-action";
import { recordDisbursement } from "@/lib/disbursements/store";
import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { planReturn, type ReturnPlan } from "../plan";
import { planPerCall } from "./plan-per-call";
import { recordDecision } from "../store";

const input = z.object({
  settlementRequestId: z.string().trim().min(1, "Settlement request is required").max(64),
  mode: z.enum(["excess", "whole"], { error: "Mode: excess or whole" }),
  walletAddress: z.string().trim().max(128).optional(),
});

const decisionOf = (plan: ReturnPlan, mode: "excess" | "whole", decidedBy: string) => ({
  requestId: plan.found.requestId,
  externalId: plan.found.externalId,
  kind: plan.found.kind,
  decision: "return" as const,
  mode,
  amount: String(plan.body.amount),
  currency: plan.body.currency,
  walletAddress: plan.body.wallet_address,
  chain: plan.body.chain ?? null,
  attempt: plan.attempt,
  idempotencyKey: plan.idempotencyKey,
  note: null,
  decidedBy,
});

const plan = planPerCall((db, environment, given: z.output<typeof input>) => planReturn(db, environment, given));

/**
 * Returns a payin that came in wrong to its payer (issue 64, decisions D25.9): a disbursement of
 * the excess or of all that arrived, under the same controls as any payout (rules, limits,
 * duplicates, cooling-off, the runway floor, step-up in production) because it is judged as one.
 * Held, the decision records the submission; sent, the disbursement. Either way the payin leaves
 * the queue and the Decided list follows the return to its end.
 */
export const returnPayin = mutationAction({
  name: "returnPayin",
  permission: "disbursement:create",
  input,
  control: async (given, ctx) => {
    const { db, plan: p } = await plan(ctx.environment, given);
    if (!p.ok) return { kind: "refused", code: p.code, message: p.message };
    const verdict = await controlled({ disbursement: disbursementAction }, () => ({
      action: "disbursement",
      call: apiCalls.createDisbursement(p.body, p.idempotencyKey),
    }))(given, ctx);
    if (verdict.kind === "held" || verdict.kind === "over_limit")
      await recordDecision(
        db,
        ctx.environment,
        { ...decisionOf(p, given.mode, ctx.actor.email), submissionId: verdict.held.id },
        true,
      );
    return verdict;
  },
  run: async (given, { environment, actor }) => {
    const { db, plan: p } = await plan(environment, given);
    if (!p.ok)
      return {
        ...refused(p.code, p.message, p.field ? { [p.field]: p.message } : {}),
        audit: { targetId: given.settlementRequestId },
      };
    const sent = await api.createDisbursement(environment, p.body, p.idempotencyKey);
    if (!sent.ok) return { ...sent, audit: { targetId: given.settlementRequestId } };
    await recordDisbursement(db, environment, sent.data, actor?.email ?? null);
    // The money went: the decision says so, whatever was recorded meanwhile.
    await recordDecision(
      db,
      environment,
      {
        ...decisionOf(p, given.mode, actor?.email ?? "unknown"),
        disbursementId: sent.data.id,
        disbursementStatus: sent.data.status,
      },
      true,
    );
    return {
      ok: true,
      data: { disbursementId: sent.data.id, amount: String(p.body.amount), currency: p.body.currency },
      audit: {
        targetId: given.settlementRequestId,
        environment,
        detail: `return ${given.mode} ${p.body.amount} ${p.body.currency} as disbursement ${sent.data.id}`,
      },
    };
  },
});
