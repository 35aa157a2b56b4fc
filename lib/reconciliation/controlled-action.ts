import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { amountLabel } from "@/lib/approvals/facts";
import Decimal from "decimal.js";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { z } from "@/lib/schemas/zod";
import { findException } from "./exceptions-store";
import { findExpected } from "./expected-store";
import { acceptDifference, writeOff, writeOffAmount } from "./work";

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

/**
 * The held call a write-off or an accepted difference makes (both actions' `control`): the amount
 * and currency the rules judge are read here from the exception, never taken from the browser,
 * so a rule over an amount cannot be walked round by sending a smaller one; `about` names the
 * expected settlements by their references, for the approver.
 */
export async function writeOffCall(
  db: Executor,
  environment: Environment,
  exceptionId: string,
  reason: string,
  mode: "write_off" | "accept_difference",
) {
  const x = await findException(db, environment, exceptionId);
  const amount = !x
    ? "0"
    : mode === "write_off"
      ? await writeOffAmount(db, environment, x)
      : new Decimal(x.difference ?? "0").abs().toFixed();
  const named = x ? await findExpected(db, environment, x.expectedIds) : [];
  const about = named
    .map((e) => e.reference ?? e.counterparty ?? e.id)
    .join(", ")
    .slice(0, 300);
  return {
    action: "reconciliation_write_off" as const,
    call: {
      method: "POST" as const,
      path: mode === "write_off" ? "console:reconciliation/write-offs" : "console:reconciliation/accepted-differences",
      body: {
        exception_id: exceptionId,
        amount,
        currency: x?.currency ?? "USD",
        reason,
        ...(mode === "accept_difference" ? { mode } : {}),
        ...(about ? { about } : {}),
      },
    },
  };
}
