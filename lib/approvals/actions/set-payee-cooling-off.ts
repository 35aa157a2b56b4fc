"use server";

import { z } from "@/lib/schemas/zod";
import { COOLING_OFF_CHOICES } from "@/lib/approvals/payee-choices";
import { setCoolingOff } from "@/lib/approvals/payees";
import { getDatabase } from "@/lib/db/connection";
import { ENVIRONMENTS } from "@/lib/schemas/catalog";
import { consoleAction, refused } from "@/lib/actions/action";

/** Sets how long a new payee waits before it can be paid, per environment (administrators; audited). */
export const setPayeeCoolingOff = consoleAction({
  name: "setPayeeCoolingOff",
  permission: "approvals:rules",
  input: z.object({ environment: z.enum(ENVIRONMENTS), minutes: z.number().int().min(0).max(10_080) }),
  run: async ({ environment, minutes }, { actor }) => {
    if (!COOLING_OFF_CHOICES.some((c) => c.minutes === minutes))
      return refused("invalid_input", "Choose one of the offered periods.", {
        minutes: "Choose one of the offered periods",
      });
    const { db } = await getDatabase();
    await setCoolingOff(db, environment, minutes, actor.email);
    return {
      ok: true,
      data: { environment, minutes },
      audit: { environment, detail: `payee cooling-off ${minutes} min` },
    };
  },
});
