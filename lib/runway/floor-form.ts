/** The runway floor's form schema (browser-safe): the form and setRunwayFloor parse the same input. */
import { ENVIRONMENTS, STABLECOINS } from "@/lib/schemas/catalog";
import { z } from "@/lib/schemas/zod";

export const runwayFloorSchema = z.object({
  environment: z.enum(ENVIRONMENTS),
  currency: z.enum(STABLECOINS),
  /** Empty removes the floor. At most the currency's 6 places. */
  amount: z
    .string()
    .trim()
    .regex(/^(\d{1,15}(\.\d{1,6})?)?$/, "A number like 25000 or 999.50 (at most 6 decimals), or empty for no floor"),
});
export type RunwayFloorInput = z.input<typeof runwayFloorSchema>;
