/**
 * payment_reason input: the current taxonomy plus deprecated values, answered with the new one.
 */
import { z } from "@/lib/schemas/zod";
import { DEPRECATED_PAYMENT_REASONS, PAYMENT_REASONS, type PaymentReason } from "./catalog";

function isPaymentReason(v: string): v is PaymentReason {
  return (PAYMENT_REASONS as readonly string[]).includes(v);
}

/** The current value for a current or deprecated payment_reason, or null when unknown. */
export function canonicalPaymentReason(value: string): PaymentReason | null {
  if (isPaymentReason(value)) return value;
  return Object.hasOwn(DEPRECATED_PAYMENT_REASONS, value) ? DEPRECATED_PAYMENT_REASONS[value] : null;
}

const ACCEPTED = [...PAYMENT_REASONS, ...Object.keys(DEPRECATED_PAYMENT_REASONS)];

export const paymentReasonInput = z
  .enum(ACCEPTED, {
    error: (issue) =>
      issue.input === undefined
        ? undefined
        : `Must be one of ${PAYMENT_REASONS.join(", ")} (got ${String(issue.input)})`,
  })
  .transform((value, ctx): PaymentReason => {
    const reason = canonicalPaymentReason(value);
    if (reason) return reason;
    ctx.addIssue({ code: "custom", message: `Unknown payment_reason ${value}` });
    return z.NEVER;
  })
  .meta({
    description: `Regulatory category. Deprecated values are accepted and translated: ${Object.entries(
      DEPRECATED_PAYMENT_REASONS,
    )
      .map(([from, to]) => `${from} → ${to}`)
      .join(", ")}`,
  });
