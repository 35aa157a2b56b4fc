"use server";

import { getDatabase } from "@/lib/db/connection";
import { expectedInputSchema } from "@/lib/reconciliation/expected-input";
import { insertExpected } from "@/lib/reconciliation/store";
import { consoleAction } from "./action";

/** Records one expected settlement (an invoice to be paid in, a bill to pay out) for the matching to find. */
export const recordExpectedSettlement = consoleAction({
  name: "recordExpectedSettlement",
  permission: "reconciliation:run",
  input: expectedInputSchema,
  run: async (v, { environment, actor }) => {
    const { db } = await getDatabase();
    const [id] = await insertExpected(
      db,
      environment,
      [
        {
          direction: v.direction,
          amount: v.amount,
          currency: v.currency,
          toleranceAbs: v.tolerance_abs,
          tolerancePct: v.tolerance_pct,
          windowStart: v.window_start,
          windowEnd: v.window_end,
          counterparty: v.counterparty || null,
          reference: v.reference || null,
          source: "form",
        },
      ],
      actor.email,
    );
    return {
      ok: true,
      data: { id: id as string },
      audit: {
        targetId: id,
        environment,
        detail: `${v.direction} ${v.amount} ${v.currency}${v.reference ? ` ${v.reference}` : ""}`,
      },
    };
  },
});
