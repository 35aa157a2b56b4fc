"use server";

import { consoleAction, refused } from "@/lib/actions/action";
import { controlled } from "@/lib/approvals/hold";
import { z } from "@/lib/schemas/zod";
import { SHORTFALL_SUBMISSION_PATH } from "@/lib/approvals/types";
import { acceptanceOf, planAcceptance, recordAcceptance } from "../accept";
import { shortfallAction } from "../controlled-action";
import { recordDecision } from "../store";
import { planPerCall } from "./plan-per-call";

const input = z.object({
  settlementRequestId: z.string().trim().min(1, "Settlement request is required").max(64),
  note: z.string().trim().min(3, "Note: say why it is accepted (3 characters at least)").max(500),
});

const plan = planPerCall((db, environment, given: z.output<typeof input>) =>
  planAcceptance(db, environment, given.settlementRequestId),
);

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
    const { db, plan: p } = await plan(ctx.environment, given);
    if (!p.ok) return { kind: "refused", code: p.code, message: p.message };
    if (p.found.kind !== "underpaid") return { kind: "go", finish: async () => {} };
    const verdict = await controlled({ reconciliation_write_off: shortfallAction }, () => ({
      action: "reconciliation_write_off" as const,
      call: {
        method: "POST" as const,
        path: SHORTFALL_SUBMISSION_PATH,
        idempotencyKey: p.idempotencyKey,
        body: {
          settlement_request_id: p.found.requestId,
          amount: p.amount,
          currency: p.found.currency,
          reason: given.note,
          about: p.found.externalId ?? p.found.requestId,
        },
      },
    }))(given, ctx);
    if (verdict.kind === "held" || verdict.kind === "over_limit")
      await recordDecision(
        db,
        ctx.environment,
        { ...acceptanceOf(p, given.note, ctx.actor.email), submissionId: verdict.held.id },
        p.previous !== null,
      );
    return verdict;
  },
  run: async (given, { environment, actor }) => {
    const { settlementRequestId, note } = given;
    const { db, plan: p } = await plan(environment, given);
    const done = p.ok ? await recordAcceptance(db, environment, p, note, actor.email) : p;
    if (!done.ok) return { ...refused(done.code, done.message), audit: { targetId: settlementRequestId } };
    return {
      ok: true,
      data: { settlementRequestId },
      audit: { targetId: settlementRequestId, environment, detail: `${done.meaning}: ${note}` },
    };
  },
});
