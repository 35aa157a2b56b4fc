/** A month as reconciliation names it ("2026-11"). Browser-safe. */
import { z } from "@/lib/schemas/zod";

export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month like 2026-11");
