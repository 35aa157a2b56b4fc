"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { lockPeriod } from "@/lib/reconciliation/close";
import { noticeMonthLocked } from "@/lib/reconciliation/notices";
import { CURRENCIES } from "@/lib/schemas/catalog";
import { consoleAction, refused } from "@/lib/actions/action";
import { periodSchema } from "@/lib/reconciliation/period";

/** Closes a month for one currency: refused while anything is open or the ledger does not balance; the proof is kept. */
export const lockReconciliationPeriod = consoleAction({
  name: "lockReconciliationPeriod",
  permission: "reconciliation:close",
  input: z.object({ currency: z.enum(CURRENCIES), period: periodSchema }),
  run: async ({ currency, period }, { environment, actor }) => {
    const { db } = await getDatabase();
    // The lock and its notice in one transaction (lockPeriod reads the month before it opens one).
    const done = await lockPeriod(db, environment, currency, period, actor.email, (tx, lockedAt) =>
      noticeMonthLocked(tx, environment, { currency, period, lockedAt, by: actor, locked: true }).then(() => {}),
    );
    if (!done.ok) return { ...refused(done.code, done.message), audit: { targetId: `${period}/${currency}` } };
    return {
      ok: true,
      data: { period, currency },
      audit: { targetId: `${period}/${currency}`, environment, detail: "locked" },
    };
  },
});
