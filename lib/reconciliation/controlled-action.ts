import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { amountLabel } from "@/lib/approvals/facts";
import { z } from "@/lib/schemas/zod";
import { writeOff } from "./work";

/** The body a write-off holds: the exception, what it writes off (for the rules), and why. */
export const writeOffBodySchema = z.object({
  exception_id: z.string().min(1).max(64),
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string().min(3).max(8),
  reason: z.string().trim().min(3, "Say why it is written off").max(500),
  /** What the approver recognises it by: its references (read on the server). */
  about: z.string().max(300).optional(),
});

/**
 * A reconciliation write-off as a controlled action (issue 46): it takes money off the books,
 * so a rule may hold it by amount and currency like a payment. Approved, it is written off
 * then, by whoever submitted it; an exception worked meanwhile is not written off twice.
 */
export const writeOffAction = controlledAction({
  body: writeOffBodySchema,
  facts: (body) => ({
    currency: body.currency,
    amount: body.amount,
    destinationType: null,
    label: `Write off ${amountLabel(body.currency, body.amount)} (${body.about || body.exception_id}): ${body.reason.slice(0, 80)}`,
  }),
  destination: () => null,
  send: async (db, row, body) => {
    const done = await writeOff(db, row.environment, body.exception_id, body.reason, row.submittedByEmail);
    return done.ok
      ? {
          status: "sent",
          responseStatus: 200,
          response: { id: done.data.id, status: done.data.status },
          resultId: done.data.id,
        }
      : { status: "failed", responseStatus: 409, response: { error: done.error }, resultId: null };
  },
});
