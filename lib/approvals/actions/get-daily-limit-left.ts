"use server";

import { z } from "@/lib/schemas/zod";
import { leftOf, limitFor } from "@/lib/approvals/limits";
import { startOfDayIn } from "@/lib/dates/calendar";
import { usedTodayUsd } from "@/lib/approvals/money-calls";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import { readAction } from "@/lib/actions/action";

export type DailyLimitLeft = { limitUsd: string; usedUsd: string; leftUsd: string } | null;

/**
 * What is left of the signed-in person's daily limit today, in USD (issue 43): shown beside the
 * amount in the production confirmation, before anything is sent. Null without a limit.
 */
export const getDailyLimitLeft = readAction({
  name: "getDailyLimitLeft",
  permission: "read",
  input: z.unknown(),
  run: async (_input, { environment, actor }) => {
    if (environment !== "production") return { ok: true, data: null as DailyLimitLeft };
    const { db } = await getDatabase();
    const limit = await limitFor(db, actor, environment);
    if (!limit) return { ok: true, data: null as DailyLimitLeft };
    const used = await usedTodayUsd(db, actor.userId, environment, startOfDayIn(env().MERCHANT_TIME_ZONE));
    return {
      ok: true,
      data: { limitUsd: limit.amount, usedUsd: used, leftUsd: leftOf(limit.amount, used) } as DailyLimitLeft,
    };
  },
});
