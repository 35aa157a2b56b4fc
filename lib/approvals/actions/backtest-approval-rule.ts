"use server";

import { z } from "@/lib/schemas/zod";
import { backtest } from "@/lib/approvals/backtest";
import { ruleBodySchema } from "@/lib/approvals/rules";
import { readAction } from "@/lib/actions/action";

/** Replays the last 30 or 90 days through a rule as drafted (nothing is saved or held). */
export const backtestApprovalRule = readAction({
  name: "backtestApprovalRule",
  permission: "approvals:rules",
  input: z.object({ rule: ruleBodySchema, days: z.union([z.literal(30), z.literal(90)]) }),
  run: async ({ rule, days }) => ({ ok: true, data: await backtest(rule, days) }),
});
