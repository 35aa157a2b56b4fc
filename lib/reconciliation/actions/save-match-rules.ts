"use server";

import { z } from "@/lib/schemas/zod";
import { getDatabase } from "@/lib/db/connection";
import { matchRulesInputSchema } from "@/lib/reconciliation/rules-input";
import { saveMatchRules as save } from "@/lib/reconciliation/rules-store";
import { consoleAction } from "@/lib/actions/action";

/** Saves the matching rules in the order given (the next run uses them). */
export const saveMatchRules = consoleAction({
  name: "saveMatchRules",
  permission: "reconciliation:rules",
  input: z.object({ rules: matchRulesInputSchema }),
  run: async ({ rules }, { actor }) => {
    const { db } = await getDatabase();
    await save(db, rules, actor.email);
    return {
      ok: true,
      data: { saved: rules.length },
      audit: { detail: rules.map((r) => `${r.enabled ? "" : "(off) "}${r.name}`).join(" → ") },
    };
  },
});
