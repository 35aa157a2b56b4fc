/**
 * The disbursement form: values, the body sent, and a resolver that validates with
 * disbursementCreateSchema, the schema the service uses, so a bad address, an unsupported
 * chain or too many decimals fail in the browser with the service's own message. The schema
 * (and zod with it) is loaded on the first validation, not with the page: smaller first load.
 */
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver, ResolverResult } from "react-hook-form";
import type { DisbursementCreateInput } from "@/lib/schemas/disbursement";
import type { Chain, Stablecoin } from "@/lib/schemas/catalog";

export type DisbursementValues = { wallet_address: string; amount: string; currency: Stablecoin; chain: Chain | "" };
export type DisbursementOutput = { body: DisbursementCreateInput };

export const DISBURSEMENT_DEFAULTS: DisbursementValues = {
  wallet_address: "",
  amount: "",
  currency: "USDC",
  chain: "",
};

export function toDisbursementBody(values: DisbursementValues): DisbursementCreateInput {
  return {
    wallet_address: values.wallet_address.trim(),
    amount: values.amount.trim(),
    currency: values.currency,
    ...(values.chain ? { chain: values.chain } : {}),
  };
}

const FIELDS = new Set(["wallet_address", "amount", "currency", "chain"]);
export const isDisbursementField = (path: string) => FIELDS.has(path);

export const disbursementResolver: Resolver<DisbursementValues, unknown, DisbursementOutput> = async (
  values,
  _context,
  options,
): Promise<ResolverResult<DisbursementValues, DisbursementOutput>> => {
  const body = toDisbursementBody(values);
  const { disbursementCreateSchema } = await import("@/lib/schemas/disbursement");
  const parsed = disbursementCreateSchema.safeParse(body);
  if (parsed.success) return { values: { body }, errors: {} };
  const flat: Record<string, FieldError> = {};
  if (body.wallet_address === "") flat.wallet_address = { type: "required", message: "Wallet address is required" };
  if (body.amount === "") flat.amount = { type: "required", message: "Amount is required" };
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".");
    flat[FIELDS.has(path) ? path : "root.body"] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};
