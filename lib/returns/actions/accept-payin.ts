"use server";

import { consoleAction, refused } from "@/lib/actions/action";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { acceptMeaning } from "../labels";
import { currentCase } from "../plan";
import { paidNothing } from "../stage";
import { recordDecision } from "../store";

/**
 * Accepts a payin as it came (issue 64, decisions D25.9): an overpayment kept as the payer's
 * credit, a shortfall accepted, a late payin waited for, funds after expiry kept. Finance's call
 * (the reconciliation permission), with a reason; audited. A payin whose return is under way or
 * done cannot be accepted instead.
 */
export const acceptPayin = consoleAction({
  name: "acceptPayin",
  permission: "reconciliation:run",
  input: z.object({
    settlementRequestId: z.string().trim().min(1, "Settlement request is required").max(64),
    note: z.string().trim().min(3, "Note: say why it is accepted (3 characters at least)").max(500),
  }),
  run: async ({ settlementRequestId, note }, { environment, actor }) => {
    const { db } = await getDatabase();
    const current = await currentCase(db, environment, settlementRequestId);
    if (!current.ok) return { ...refused(current.code, current.message), audit: { targetId: settlementRequestId } };
    const { found, previous } = current;
    if (previous && previous.decision === "return" && !paidNothing(previous.stage))
      return {
        ...refused("already_decided", "Its return is under way or done; it cannot be accepted instead."),
        audit: { targetId: settlementRequestId },
      };
    const stored = await recordDecision(
      db,
      environment,
      {
        requestId: found.requestId,
        externalId: found.externalId,
        kind: found.kind,
        decision: "accept",
        mode: null,
        amount: (found.difference ?? found.expected).replace("-", ""),
        currency: found.currency,
        walletAddress: null,
        chain: null,
        attempt: previous?.attempt ?? 1,
        idempotencyKey: null,
        note,
        decidedBy: actor.email,
      },
      // Replaces only the decision it read: a return recorded meanwhile by someone else stands.
      previous !== null,
    );
    if (!stored) return refused("already_decided", "Someone decided this payin meanwhile.");
    return {
      ok: true,
      data: { settlementRequestId },
      audit: { targetId: settlementRequestId, environment, detail: `${acceptMeaning(found.kind)}: ${note}` },
    };
  },
});
