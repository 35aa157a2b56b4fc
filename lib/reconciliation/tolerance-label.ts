import Decimal from "decimal.js";
import { formatMoney } from "@/lib/money/format";
import { toleranceOf } from "./tolerance";
import type { ExpectedSettlement } from "./types";

/**
 * An expected settlement's tolerance for people: what it allows on this amount, then how it is
 * made. "± $25.00 (0.5 %, at least $25.00)"; "Exact" when it allows nothing.
 */
export function toleranceLabel(
  expected: Pick<ExpectedSettlement, "amount" | "currency" | "toleranceAbs" | "tolerancePct">,
): string {
  const allowed = toleranceOf(expected);
  if (allowed.isZero()) return "Exact";
  const floor = formatMoney(expected.toleranceAbs, expected.currency);
  const pct = new Decimal(expected.tolerancePct);
  const how = pct.isZero() ? "fixed" : `${pct.toString()} %, at least ${floor}`;
  return `± ${formatMoney(allowed.toString(), expected.currency)} (${how})`;
}
