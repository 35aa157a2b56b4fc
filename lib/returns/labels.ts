import type { CaseKind } from "./cases";

/** The words for a payin's case (issue 64), apart from the figures so the browser ships no decimal.js. */

/** What accepting a case means, in a sentence for the button and the audit trail. */
export function acceptMeaning(kind: CaseKind): string {
  switch (kind) {
    case "overpaid":
      return "Keep the excess as the payer's credit";
    case "underpaid":
      return "Accept the shortfall";
    case "late":
      return "Keep waiting for the funds";
    case "after_expiry":
      return "Keep the funds";
    case "duplicate":
      return "Keep it as the payer's credit";
  }
}

export const CASE_LABELS: Record<CaseKind, string> = {
  overpaid: "Overpaid",
  underpaid: "Underpaid",
  late: "Funds late",
  after_expiry: "Paid after expiry",
  duplicate: "Paid twice",
};
