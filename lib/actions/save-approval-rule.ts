"use server";

import { z } from "@/lib/schemas/zod";
import { ruleBodySchema, ruleSummary } from "@/lib/approvals/rules";
import { saveRule } from "@/lib/approvals/store";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, refused } from "./action";

/** Creates a rule, or saves the next version of one (held submissions keep the version that held them). */
export const saveApprovalRule = consoleAction({
  name: "saveApprovalRule",
  permission: "approvals:rules",
  input: z.object({
    id: z
      .string()
      .regex(/^rule_[A-Za-z0-9_-]{6,20}$/)
      .optional(),
    rule: ruleBodySchema,
  }),
  run: async ({ id, rule }, { actor }) => {
    const { db } = await getDatabase();
    const saved = await saveRule(db, rule, actor.email, id);
    if (!saved) return refused("not_found", "No such rule.");
    return {
      ok: true,
      data: saved,
      audit: { targetId: saved.id, detail: `v${saved.version}${saved.enabled ? "" : " (off)"}: ${ruleSummary(saved)}` },
    };
  },
});
