/** The daily-limit form's schema (browser-safe): the form and saveDailyLimit parse the same input. */
import { ROLES } from "@/lib/auth/permissions";
import { z } from "@/lib/schemas/zod";

export const dailyLimitSchema = z
  .object({
    scope: z.enum(["role", "person"]),
    role: z.enum(ROLES).optional(),
    email: z.string().trim().max(254).optional(),
    /** Limits are in USD (issue 43): what leaves the balance, priced by the service's quote, whatever the currency. */
    currency: z.literal("USD").default("USD"),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,15}(\.\d{1,8})?$/, "A number like 25000 or 999.50"),
  })
  .superRefine((v, ctx) => {
    if (v.scope === "role" && !v.role) ctx.addIssue({ code: "custom", path: ["role"], message: "Choose a role" });
    if (v.scope === "person" && !v.email)
      ctx.addIssue({ code: "custom", path: ["email"], message: "The person's email" });
  });
export type DailyLimitInput = z.input<typeof dailyLimitSchema>;
