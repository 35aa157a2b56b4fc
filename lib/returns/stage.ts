/**
 * Where a decision on a payin stands (issue 64, decisions D25.9), from what the console knows of
 * it: the decision, the submission that held a return (if one did) and the disbursement it became.
 * Pure and browser-safe.
 */
export type Stage =
  | "accepted"
  | "awaiting_approval"
  | "denied"
  | "expired"
  | "sending"
  | "returning"
  | "returned"
  | "failed";

export type StageInput = {
  decision: "accept" | "return";
  /** The held submission's status, when one held the return. */
  submissionStatus: string | null;
  disbursementStatus: string | null;
};

export function stageOf(d: StageInput): Stage {
  // An acceptance stands at once, unless a write-off rule held it (an underpayment): then its submission says.
  if (d.decision === "accept")
    return d.submissionStatus === null || d.submissionStatus === "sent"
      ? "accepted"
      : stageOf({ ...d, decision: "return" });
  if (d.disbursementStatus === "COMPLETED") return "returned";
  if (d.disbursementStatus === "FAILED") return "failed";
  if (d.disbursementStatus) return "returning";
  switch (d.submissionStatus) {
    case "pending":
    case "offered":
      return "awaiting_approval";
    case "denied":
      return "denied";
    case "expired":
      return "expired";
    case "failed":
      return "failed";
    default:
      return "sending";
  }
}

/** A return that paid nothing back and never will (or a held acceptance that was not approved): its payin waits for a decision again. */
export const paidNothing = (stage: Stage): boolean => stage === "denied" || stage === "expired" || stage === "failed";

/** A decision that may be replaced by a new one: an acceptance, or a return that paid nothing. */
export const isReplaceable = (stage: Stage): boolean => stage === "accepted" || paidNothing(stage);

/** Still moving: its disbursement or approval is read again on the next look. */
export const isMoving = (stage: Stage): boolean =>
  stage === "awaiting_approval" || stage === "sending" || stage === "returning";

export const STAGE_LABELS: Record<Stage, string> = {
  accepted: "Accepted",
  awaiting_approval: "Return awaiting approval",
  denied: "Return denied",
  expired: "Return expired unapproved",
  sending: "Return being sent",
  returning: "Return on its way",
  returned: "Returned",
  failed: "Return failed",
};

/** The same stages for an acceptance a write-off rule held (an underpayment accepted). */
const HELD_ACCEPTANCE_LABELS: Partial<Record<Stage, string>> = {
  awaiting_approval: "Write-off awaiting approval",
  denied: "Write-off denied",
  expired: "Write-off expired unapproved",
  failed: "Write-off failed",
  sending: "Write-off approved",
};

/** A stage in words, for the decision it is a stage of. */
export const stageLabel = (decision: "accept" | "return", stage: Stage): string =>
  (decision === "accept" ? HELD_ACCEPTANCE_LABELS[stage] : undefined) ?? STAGE_LABELS[stage];
