/**
 * Masking of bank identifiers in responses (decisions D5): last four characters shown.
 */
import { z } from "@/lib/schemas/zod";

export const MASK_PREFIX = "••••";

/** "123456789" → "••••6789". */
export function maskTail(value: string): string {
  return MASK_PREFIX + value.slice(-4);
}

/** A masked identifier in a response (account_number, iban, clabe). */
export const maskedString = z
  .string()
  .regex(/^••••[\s\S]{0,4}$/, "Must be masked to its last four characters")
  .meta({ description: "Masked to its last four characters", example: "••••6789" });
