/** Reconciliation's words on screen (browser-safe): exception kinds, match reasons, states. */
import type { ExceptionKind, ReasonCode } from "./types";

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
