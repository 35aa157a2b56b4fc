/** Reconciliation's words on screen (browser-safe): exception kinds, match reasons, states. */
import Decimal from "decimal.js";
import { formatMoney } from "@/lib/money/format";
import { toleranceOf } from "./tolerance";
import type { ExceptionKind, ExpectedSettlement, ReasonCode } from "./types";

export const EXCEPTION_LABELS: Record<ExceptionKind, string> = {
  unmatched_expected: "Not paid",
  unmatched_actual: "Unexpected money",
  underpaid: "Underpaid",
  overpaid: "Overpaid",
  late: "Late",
  duplicate: "Duplicate",
  returned: "Returned",
  ambiguous: "Ambiguous",
};

export const REASON_LABELS: Record<ReasonCode, string> = {
  reference: "Same reference",
  amount_exact: "Exact amount",
  amount_within_tolerance: "Amount within tolerance",
  date_in_window: "Within the date window",
  counterparty: "Same counterparty",
  currency: "Same currency",
  split_payment: "Paid in parts",
  combined_payment: "Several paid at once",
  manual: "Matched by hand",
  accepted_difference: "Difference accepted",
  amount_differs: "Amount differs",
  date_outside_window: "Outside the date window",
};

/** Reasons that say what differed (shown in amber). */
export const DIFFERING_REASONS: ReadonlySet<ReasonCode> = new Set([
  "amount_within_tolerance",
  "amount_differs",
  "date_outside_window",
  "accepted_difference",
]);

export const RECON_VIEWS = ["overview", "exceptions", "matches", "expected", "close", "rules"] as const;
export type ReconView = (typeof RECON_VIEWS)[number];

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
