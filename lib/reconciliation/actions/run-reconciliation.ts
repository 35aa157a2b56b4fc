"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { dayIn } from "@/lib/dates/calendar";
import { env } from "@/lib/env";
import { runMatching } from "@/lib/reconciliation/run";
import { syncMovements } from "@/lib/reconciliation/sync";
import { consoleAction, refused } from "@/lib/actions/action";
import { periodSchema } from "@/lib/reconciliation/period";

/** Reads what the service did, then matches the month's open expected settlements against it. */
export const runReconciliation = consoleAction({
  name: "runReconciliation",
  permission: "reconciliation:run",
  input: z.object({ period: periodSchema }),
  run: async ({ period }, { environment, actor }) => {
    const { db } = await getDatabase();
    const synced = await syncMovements(db, environment, period);
    if (!synced.ok) return refused("service_unavailable", synced.message);
    // "Today" on the environment's clock (the sandbox's may be ahead), in the merchant's time zone.
    const today = dayIn(env().MERCHANT_TIME_ZONE, await nowFor(environment));
    const summary = await runMatching(db, environment, period, actor.email, today);
    return {
      ok: true,
      data: { ...summary, movements: synced.movements },
      audit: { environment, detail: `${period}: ${summary.matches} matches, ${summary.exceptions} exceptions` },
    };
  },
});
