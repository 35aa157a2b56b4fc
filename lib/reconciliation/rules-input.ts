/** The matching rules as an admin saves them (issue 46): the order is the array's. Browser-safe. */
import { z } from "@/lib/schemas/zod";

export const matchRuleInputSchema = z
  .object({
    id: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[a-z0-9-]+$/, "Letters, digits and dashes"),
    name: z.string().trim().min(1, "Name the rule").max(80),
    strategy: z.enum(["1:1", "1:N", "N:1"]),
    byReference: z.boolean(),
    graceDays: z.coerce.number().int().min(0, "0 to 30 days").max(30, "0 to 30 days"),
    enabled: z.boolean(),
  })
  .refine((r) => r.byReference || r.strategy === "1:1", {
    path: ["strategy"],
    message: "Without a reference only one to one is matched (several payments of one counterparty would be guesses)",
  });

export const matchRulesInputSchema = z
  .array(matchRuleInputSchema)
  .min(1, "Keep at least one rule")
  .max(12)
  .refine((rules) => new Set(rules.map((r) => r.id)).size === rules.length, "Each rule once");
