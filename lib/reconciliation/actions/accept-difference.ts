"use server";

import { controlled } from "@/lib/approvals/hold";
import { writeOffAction } from "@/lib/reconciliation/controlled-action";
import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { writeOffCall } from "@/lib/reconciliation/controlled-action";
import { acceptDifference as accept } from "@/lib/reconciliation/work";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Accepts an under- or overpayment, or a late payment, as it is: matched, with its difference kept. */
export const acceptDifference = consoleAction({
  name: "acceptDifference",
  permission: "reconciliation:run",
  input: z.object({
    exceptionId: idSchema,
    note: z.string().trim().min(3, "Say why the difference is accepted").max(500),
  }),
  // Accepting a difference writes it off: the write-off rules judge it, by the difference the server reads.
  control: controlled({ reconciliation_write_off: writeOffAction }, async ({ exceptionId, note }, { environment }) =>
    writeOffCall((await getDatabase()).db, environment, exceptionId, note, "accept_difference"),
  ),
  run: async ({ exceptionId, note }, { environment, actor }) => {
    const { db } = await getDatabase();
    const done = await accept(db, environment, exceptionId, note, actor.email);
    if (!done.ok)
      return {
        ...refused(
          done.error.code,
          done.error.message,
          done.error.field ? { [done.error.field]: done.error.message } : {},
        ),
        audit: { targetId: exceptionId },
      };
    return {
      ok: true,
      data: { matchId: done.data.match.id },
      audit: {
        targetId: exceptionId,
        environment,
        detail: `difference ${done.data.match.difference} ${done.data.match.currency}: ${note}`,
      },
    };
  },
});
