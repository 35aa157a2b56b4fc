"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { unlockPeriod } from "@/lib/reconciliation/close";
import { noticeMonthLocked } from "@/lib/reconciliation/notices";
import { periodSchema } from "@/lib/reconciliation/period";
import { CURRENCIES } from "@/lib/schemas/catalog";
import { consoleAction, refused } from "@/lib/actions/action";

/** Reopens a closed month for one currency (administrators; audited with the reason). */
export const unlockReconciliationPeriod = consoleAction({
  name: "unlockReconciliationPeriod",
  permission: "reconciliation:reopen",
  input: z.object({
    currency: z.enum(CURRENCIES),
    period: periodSchema,
    reason: z.string().trim().min(3, "Say why it is reopened").max(500),
  }),
  run: async ({ currency, period, reason }, { environment, actor }) => {
    const { db } = await getDatabase();
    const lifted = await db.transaction(async (tx) => {
      const lockedAt = await unlockPeriod(tx, environment, currency, period);
      if (lockedAt)
        await noticeMonthLocked(tx, environment, { currency, period, lockedAt, by: actor, locked: false, reason });
      return lockedAt;
    });
    if (!lifted)
      return {
        ...refused("not_locked", `${period} is not closed for ${currency}.`),
        audit: { targetId: `${period}/${currency}` },
      };
    return {
      ok: true,
      data: { period, currency },
      audit: { targetId: `${period}/${currency}`, environment, detail: `unlocked: ${reason}` },
    };
  },
});
