"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { backtestMatchRules as replay } from "@/lib/reconciliation/backtest";
import { periodSchema } from "@/lib/reconciliation/period";
import { matchRulesInputSchema } from "@/lib/reconciliation/rules-input";
import { currentMatchRules } from "@/lib/reconciliation/rules-store";
import { readAction } from "@/lib/actions/action";

/** Replays past months with the proposed rules beside the current ones: what would be matched, gained and lost. Writes nothing. */
export const backtestMatchRules = readAction({
  name: "backtestMatchRules",
  permission: "reconciliation:rules",
  input: z.object({ rules: matchRulesInputSchema, periods: z.array(periodSchema).min(1).max(6) }),
  run: async ({ rules, periods }, { environment }) => {
    const { db } = await getDatabase();
    return { ok: true, data: await replay(db, environment, await currentMatchRules(db), rules, periods) };
  },
});
