/**
 * The /v1 payment form: values, the body sent, and a resolver that validates with
 * v1PaymentCreateSchema, the schema the service uses (route, wallet format, decimals). The
 * schema (and zod with it) is loaded on the first validation, not with the page.
 */
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver, ResolverResult } from "react-hook-form";
import type { Chain } from "@/lib/schemas/catalog";
import type { V1PaymentCreateInput } from "@/lib/schemas/v1-payment";

export type V1Values = {
  amount: string;
  chain: Chain;
  destination_wallet: string;
  with_holder: boolean;
  holder: { first_name: string; last_name: string; email: string };
};
/** The body without its idempotency_key (added per intended submission). */
export type V1Body = Omit<V1PaymentCreateInput, "idempotency_key">;
export type V1Output = { body: V1Body };

export const V1_DEFAULTS: V1Values = {
  amount: "",
  chain: "SOLANA",
  destination_wallet: "",
  with_holder: false,
  holder: { first_name: "", last_name: "", email: "" },
};

export function toV1Body(v: V1Values): V1Body {
  const email = v.holder.email.trim();
  return {
    type: "LIQUIDITY",
    amount: v.amount.trim(),
    currency_code: "USDC",
    chain: v.chain,
    destination_wallet: v.destination_wallet.trim(),
    ...(v.with_holder
      ? {
          account_holder: {
            type: "INDIVIDUAL",
            first_name: v.holder.first_name,
            last_name: v.holder.last_name,
            ...(email ? { email } : {}),
          },
        }
      : {}),
  };
}

/** Wire path → form field ("account_holder.first_name" → "holder.first_name"). */
export function formPath(path: string): string {
  return path.startsWith("account_holder.") ? `holder.${path.slice("account_holder.".length)}` : path;
}
const FIELDS = new Set([
  "amount",
  "chain",
  "destination_wallet",
  "holder.first_name",
  "holder.last_name",
  "holder.email",
]);
export const isV1Field = (path: string) => FIELDS.has(path);

export const v1Resolver: Resolver<V1Values, unknown, V1Output> = async (
  values,
  _context,
  options,
): Promise<ResolverResult<V1Values, V1Output>> => {
  const body = toV1Body(values);
  const { v1PaymentCreateSchema } = await import("@/lib/schemas/v1-payment");
  const parsed = v1PaymentCreateSchema.safeParse(body);
  if (parsed.success) return { values: { body }, errors: {} };
  const flat: Record<string, FieldError> = {};
  if (body.amount === "") flat.amount = { type: "required", message: "Required" };
  if (body.destination_wallet === "") flat.destination_wallet = { type: "required", message: "Required" };
  for (const issue of parsed.error.issues) {
    const path = formPath(issue.path.map(String).join("."));
    flat[FIELDS.has(path) ? path : "root.body"] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};
