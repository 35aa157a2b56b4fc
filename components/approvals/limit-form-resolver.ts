/** The daily-limit form's resolver (with zod): loaded on the first validation, not with the rules page (issue 45). */
import { zodResolver } from "@hookform/resolvers/zod";
import { dailyLimitSchema } from "@/lib/approvals/limit-form";

export const dailyLimitResolver = zodResolver(dailyLimitSchema);
