import Decimal from "decimal.js";
import { addDays } from "@/lib/dates/calendar";
import type { ExpectedSettlement } from "./types";

/**
 * How far an amount may be from what was expected and still match (issue 46, decisions D24.2):
 * the percentage of the expected amount, never less than the absolute tolerance (its floor).
 * 1,000.00 USD with 0.5 % and a 25.00 floor: 25.00; 100,000.00 USD: 500.00.
 */
export function toleranceOf(expected: Pick<ExpectedSettlement, "amount" | "toleranceAbs" | "tolerancePct">): Decimal {
  const pct = new Decimal(expected.amount).abs().times(expected.tolerancePct).dividedBy(100);
  return Decimal.max(pct, new Decimal(expected.toleranceAbs));
}

/** Whether `actual` is within the expected amount's tolerance, and the difference (actual − expected). */
export function compareAmount(
  expected: Pick<ExpectedSettlement, "amount" | "toleranceAbs" | "tolerancePct">,
  actual: Decimal.Value,
): { difference: Decimal; exact: boolean; within: boolean } {
  const difference = new Decimal(actual).minus(expected.amount);
  return { difference, exact: difference.isZero(), within: difference.abs().lte(toleranceOf(expected)) };
}

/** Where a day falls against the window: before it, in it (grace included), or late. */
export function dayAgainstWindow(
  expected: Pick<ExpectedSettlement, "windowStart" | "windowEnd">,
  day: string,
  graceDays: number,
): "early" | "in" | "late" {
  if (day < expected.windowStart) return "early";
  return day <= addDays(expected.windowEnd, graceDays) ? "in" : "late";
}
