import Decimal from "decimal.js";

import type { FailureFields } from "./statuses";

/**
 * Compares what arrived with what the payment instructions asked for, in decimal.js (never
 * binary floats). Returns the failure to record, or null when the amounts are equal.
 */
export function amountMismatch(
  instructedAmount: string,
  receivedAmount: string,
  currency?: string,
): FailureFields | null {
  const instructed = new Decimal(instructedAmount);
  const received = new Decimal(receivedAmount);
  const cmp = received.comparedTo(instructed);
  if (cmp === 0) return null;
  const unit = currency ? ` ${currency}` : "";
  const gap = received.minus(instructed).abs().toFixed(8);
  const got = received.toFixed(8);
  const want = instructed.toFixed(8);
  return cmp < 0
    ? {
        code: "AMOUNT_MISMATCH_UNDERPAYMENT",
        reason: `Received ${got}${unit}, ${gap}${unit} less than the instructed ${want}${unit}`,
      }
    : {
        code: "AMOUNT_MISMATCH_OVERPAYMENT",
        reason: `Received ${got}${unit}, ${gap}${unit} more than the instructed ${want}${unit}`,
      };
}
