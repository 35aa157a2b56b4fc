import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { amountLabel } from "@/lib/approvals/facts";
import { z } from "@/lib/schemas/zod";
import { acceptPayinNow } from "./accept";

/** The body a payin's accepted shortfall holds: the request, what it writes off (for the rules), and why. */
export const shortfallBodySchema = z.object({
  settlement_request_id: z.string().min(1).max(64),
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string().min(3).max(8),
  reason: z.string().trim().min(3, "Say why the shortfall is accepted").max(500),
  /** What the approver recognises it by: the request's external_id (read on the server). */
  about: z.string().max(300).optional(),
});

/**
 * A payin's shortfall accepted on Returns, as a controlled action (issue 64, decisions D25.9):
 * it takes the shortfall off the books as a reconciliation write-off does, so it is held by the
 * same rules (lib/instance files it under `reconciliation_write_off`, by its path). Approved, it
 * is recorded then, by whoever submitted it, once the payin's case is read again.
 */
export const shortfallAction = controlledAction({
  body: shortfallBodySchema,
  facts: (body) => ({
    currency: body.currency,
    amount: body.amount,
    destinationType: null,
    label: `Accept a payin's shortfall of ${amountLabel(body.currency, body.amount)} (${body.about || body.settlement_request_id}): ${body.reason.slice(0, 80)}`,
  }),
  destination: () => null,
  send: async (db, row, body) => {
    const done = await acceptPayinNow(
      db,
      row.environment,
      body.settlement_request_id,
      body.reason,
      row.submittedByEmail,
    );
    return done.ok
      ? {
          status: "sent",
          responseStatus: 200,
          response: { id: body.settlement_request_id, status: "accepted" },
          resultId: body.settlement_request_id,
        }
      : {
          status: "failed",
          responseStatus: 409,
          response: { error: { code: done.code, message: done.message } },
          resultId: null,
        };
  },
});
