"use server";

import { getDatabase } from "@/lib/db/connection";
import { consoleAction } from "@/lib/actions/action";
import { runwayFloorSchema } from "@/lib/runway/floor-form";
import { setFloor } from "@/lib/runway/store";

/**
 * Sets (or, empty, removes) a currency's runway floor in an environment (issue 64; administrators,
 * audited with the floor it replaced): a payout or batch that would take the projected available
 * balance below it waits for an approval.
 */
export const setRunwayFloor = consoleAction({
  name: "setRunwayFloor",
  permission: "approvals:rules",
  input: runwayFloorSchema,
  run: async ({ environment, currency, amount }, { actor }) => {
    const { db } = await getDatabase();
    const floor = amount === "" ? null : amount;
    const before = await setFloor(db, environment, currency, floor, actor.email);
    return {
      ok: true,
      data: { environment, currency, floor },
      audit: {
        environment,
        targetId: currency,
        detail: `runway floor ${currency}: ${before ?? "none"} → ${floor ?? "none"}`,
      },
    };
  },
});
