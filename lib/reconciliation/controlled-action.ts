import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { amountLabel } from "@/lib/approvals/facts";
import { z } from "@/lib/schemas/zod";
import { acceptDifference, writeOff } from "./work";

/** The body a write-off holds: the exception, what it writes off (for the rules), and why. */
export const writeOffBodySchema = z.object({
  exception_id: z.string().min(1).max(64),
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string().min(3).max(8),
  reason: z.string().trim().min(3, "Say why it is written off").max(500),
  /** What the approver recognises it by: its references (read on the server). */
  about: z.string().max(300).optional(),
  /** An accepted difference takes the difference off the books as a write-off does: the same rules hold it. */
  mode: z.enum(["write_off", "accept_difference"]).optional(),
});

/**
 * A reconciliation write-off as a controlled action (issue 46): it takes money off the books,
 * so a rule may hold it by amount and currency like a payment. Accepting an under- or
 * overpayment's difference takes that difference off the books too: it is the same action
 * (`mode`), held by the same rules, so a large shortfall cannot be accepted round a write-off rule. Approved, it is written off
 * then, by whoever submitted it; an exception worked meanwhile is not written off twice.
 */
export const writeOffAction = controlledAction({
  body: writeOffBodySchema,
  facts: (body) => ({
    currency: body.currency,
    amount: body.amount,
    destinationType: null,
    label: `${body.mode === "accept_difference" ? "Accept a difference of" : "Write off"} ${amountLabel(body.currency, body.amount)} (${body.about || body.exception_id}): ${body.reason.slice(0, 80)}`,
  }),
  destination: () => null,
  send: async (db, row, body) => {
    const done =
      body.mode === "accept_difference"
        ? await acceptDifference(db, row.environment, body.exception_id, body.reason, row.submittedByEmail).then((r) =>
            r.ok ? { ok: true as const, data: r.data.exception } : r,
          )
        : await writeOff(db, row.environment, body.exception_id, body.reason, row.submittedByEmail);
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
