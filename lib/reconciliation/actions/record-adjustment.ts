"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { recordAdjustment as record } from "@/lib/reconciliation/close";
import { periodSchema } from "@/lib/reconciliation/period";
import { lockOf } from "@/lib/reconciliation/work";
import { CURRENCIES } from "@/lib/schemas/catalog";
import { consoleAction, refused } from "@/lib/actions/action";

/** Records a change to a closed month as an adjustment in the next open month; the closed month is not edited. */
export const recordAdjustment = consoleAction({
  name: "recordAdjustment",
  permission: "reconciliation:close",
  input: z.object({
    currency: z.enum(CURRENCIES),
    forPeriod: periodSchema,
    amount: z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, "A decimal amount, negative for money out, like -15.00"),
    note: z.string().trim().min(3, "Say what the adjustment is for").max(500),
    expectedId: z.string().max(64).optional(),
  }),
  run: async (input, { environment, actor }) => {
    const { db } = await getDatabase();
    if (!(await lockOf(db, environment, input.currency, input.forPeriod)))
      return refused("not_locked", `${input.forPeriod} is still open for ${input.currency}: change it directly.`, {
        forPeriod: "Still open",
      });
    const made = await record(db, environment, input, actor.email);
    return {
      ok: true,
      data: made,
      audit: {
        targetId: made.id,
        environment,
        detail: `${input.amount} ${input.currency} for ${input.forPeriod}, in ${made.period}`,
      },
    };
  },
});
