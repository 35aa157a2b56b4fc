/** The payee form's resolver (with zod): loaded on the first validation, not with the Payees page (issue 45). */
import { zodResolver } from "@hookform/resolvers/zod";
import { payeeInputSchema } from "@/lib/approvals/payee-form";

export const payeeResolver = zodResolver(payeeInputSchema);
