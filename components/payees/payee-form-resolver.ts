/**
 * The payee form's resolver: the form's values made into addPayee's input and checked with
 * payeeInputSchema, each issue on its field (a bank payee's fields sit at `destination.*` in both).
 * Loaded on the first validation, not with the Payees page (issue 45).
 */
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver } from "react-hook-form";
import { payeeInputSchema } from "@/lib/approvals/payee-form";
import { issuePath } from "@/lib/schemas/error";
import { namedMessage } from "@/lib/schemas/field-label";
import { toPayeeInput, type PayeeFormValues } from "./payee-form-values";

export const payeeResolver: Resolver<PayeeFormValues> = async (values, _context, options) => {
  const parsed = payeeInputSchema.safeParse(toPayeeInput(values));
  if (parsed.success) return { values, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) {
    const path = issuePath(issue.path);
    flat[path || "root.payee"] ??= { type: issue.code, message: namedMessage(path, issue.message) };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};
