"use server";

import { consoleAction, refused } from "@/lib/actions/action";
import { controlled } from "@/lib/approvals/hold";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { SHORTFALL_SUBMISSION_PATH } from "@/lib/approvals/types";
import { acceptanceOf, acceptPayinNow, planAcceptance } from "../accept";
import { shortfallAction } from "../controlled-action";
import { recordDecision } from "../store";

const input = z.object({
  settlementRequestId: z.string().trim().min(1, "Settlement request is required").max(64),
  note: z.string().trim().min(3, "Note: say why it is accepted (3 characters at least)").max(500),
});

/**
 * Accepts a payin as it came (issue 64, decisions D25.9): an overpayment kept as the payer's
 * credit, a shortfall accepted, a late payin waited for, funds after expiry kept. Finance's call
 * (the reconciliation permission), with a reason; audited. A payin whose return is under way or
 * done cannot be accepted instead. Accepting a shortfall writes it off: the write-off rules judge
 * it, by the shortfall the server reads, and a held one waits in the Decided list for its approval.
 */
export const acceptPayin = consoleAction({
  name: "acceptPayin",
  permission: "reconciliation:run",
  input,
  control: async (given, ctx) => {
    const { db } = await getDatabase();
    const plan = await planAcceptance(db, ctx.environment, given.settlementRequestId);
    if (!plan.ok) return { kind: "refused", code: plan.code, message: plan.message };
    if (plan.kind !== "underpaid") return { kind: "go", finish: async () => {} };
    const verdict = await controlled({ reconciliation_write_off: shortfallAction }, () => ({
      action: "reconciliation_write_off" as const,
      call: {
        method: "POST" as const,
        path: SHORTFALL_SUBMISSION_PATH,
        idempotencyKey: plan.idempotencyKey,
        body: {
          settlement_request_id: plan.requestId,
          amount: plan.amount,
          currency: plan.currency,
          reason: given.note,
          about: plan.found.externalId ?? plan.requestId,
        },
      },
    }))(given, ctx);
    if (verdict.kind === "held" || verdict.kind === "over_limit")
      await recordDecision(
        db,
        ctx.environment,
        { ...acceptanceOf(plan, given.note, ctx.actor.email), submissionId: verdict.held.id },
        plan.previous !== null,
      );
    return verdict;
  },
  run: async ({ settlementRequestId, note }, { environment, actor }) => {
    const { db } = await getDatabase();
    const done = await acceptPayinNow(db, environment, settlementRequestId, note, actor.email);
    if (!done.ok) return { ...refused(done.code, done.message), audit: { targetId: settlementRequestId } };
    return {
      ok: true,
      data: { settlementRequestId },
      audit: { targetId: settlementRequestId, environment, detail: `${done.meaning}: ${note}` },
    };
  },
});
