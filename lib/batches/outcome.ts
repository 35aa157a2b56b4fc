/**
 * What a batch did with the money, told straight (issue 44): "Sent" only when every row was
 * paid, "Partly sent (n failed)", "Failed" or "Not sent"; a row failed whether the API refused
 * it or its payment failed afterwards; a failure in words, with its code kept for support.
 * Browser-safe and pure.
 */
import type { BatchProgress, BatchRowView, BatchStatus } from "./types";

/** The badge tones the page uses (components/ui/status-tone.ts). */
type Tone = "neutral" | "info" | "warning" | "success" | "danger" | "muted" | "accent";

/** Final statuses of what a row created that mean the money did not arrive. */
export const FAILED_RESULT_STATUSES: ReadonlySet<string> = new Set([
  "FAILED",
  "PAYIN_FAILED",
  "PAYOUT_FAILED",
  "PAYIN_AMOUNT_MISMATCH",
]);

/** A row failed: refused when sent, or what it created failed afterwards. */
export function rowFailed(row: Pick<BatchRowView, "sendState" | "resultStatus">): boolean {
  return row.sendState === "failed" || (row.sendState === "sent" && FAILED_RESULT_STATUSES.has(row.resultStatus ?? ""));
}

/** The batch's state as the page and the list say it. */
export function batchOutcome(
  status: BatchStatus,
  progress: Pick<BatchProgress, "failed" | "sent" | "refused"> | null,
): { label: string; tone: Tone } {
  switch (status) {
    case "review":
      return { label: "In review", tone: "info" };
    case "held":
      return { label: "Waiting for approval", tone: "warning" };
    case "denied":
      return { label: "Not sent (not approved)", tone: "danger" };
    case "cancelled":
      return { label: "Not sent (discarded)", tone: "neutral" };
    case "sending":
      return progress && progress.failed > 0
        ? { label: `Sending (${progress.failed} failed so far)`, tone: "warning" }
        : { label: "Sending", tone: "accent" };
    case "done": {
      if (!progress) return { label: "Finished", tone: "neutral" };
      const attempted = progress.sent + progress.refused;
      if (progress.failed === 0) return { label: "Sent", tone: "success" };
      if (progress.failed >= attempted) return { label: "Failed", tone: "danger" };
      return { label: `Partly sent (${progress.failed} failed)`, tone: "warning" };
    }
  }
}

const WORDS: Record<string, string> = {
  insufficient_funds: "Not enough balance in this currency when it was sent",
  validation_error: "The API found a field it would not accept",
  rate_limit_exceeded: "The API was busy; the row was not sent",
  not_found: "Something it refers to does not exist",
  invalid_transition: "The payment could not move to that state",
  idempotency_key_conflict: "Sent before with different details",
  FAILED: "The payout failed after it was sent",
  PAYIN_FAILED: "The payer's payment failed",
  PAYOUT_FAILED: "The payout to the recipient failed",
  PAYIN_AMOUNT_MISMATCH: "The payer sent a different amount",
};

/** "insufficient_funds: Available 12.00 USDT" → the words, and the code for support. */
export function failureInWords(failure: string | null): { words: string; code: string | null } | null {
  if (!failure) return null;
  const match = /^([A-Za-z_]+)(?::\s*(.*))?$/s.exec(failure.trim());
  const code = match?.[1] ?? null;
  const words = code ? WORDS[code] : undefined;
  if (!words) return { words: failure, code: null };
  const detail = match?.[2]?.trim();
  return { words: detail ? `${words}: ${detail}` : words, code };
}

/** A row far above the file's usual amount: more than this many times the median of its currency (issue 44). */
export const OVERSIZE_FACTOR = 10;

/** A flagged row (a repeat, or far above the usual) that nobody kept or dropped yet: it stops the file. */
export function needsDecision(
  row: Pick<BatchRowView, "included" | "problems" | "kept" | "duplicateOf" | "oversize">,
): boolean {
  return row.included && row.problems.length === 0 && !row.kept && (row.duplicateOf !== null || row.oversize);
}
