/** Colour families a status maps to. Browser- and server-safe. */
export type Tone = "neutral" | "info" | "warning" | "success" | "danger" | "muted" | "accent";

const SUCCESS = new Set(["REQUEST_COMPLETED", "SETTLEMENT_COMPLETED", "COMPLETED", "ACTIVE", "DELIVERED", "SUCCEEDED"]);
const DANGER = new Set([
  "FAILED", "PAYIN_FAILED", "PAYOUT_FAILED", "PAYIN_AMOUNT_MISMATCH", "REJECTED",
]);
const MUTED = new Set([
  "CANCELED", "REQUEST_CANCELED", "PAYIN_CANCELED", "PAYOUT_CANCELED",
  "EXPIRED", "REQUEST_EXPIRED", "REFUNDED", "REQUEST_REFUNDED", "DISABLED", "INACTIVE",
]);
const WARNING = new Set([
  "PROCESSING", "SENT", "FUNDS_SENT", "SETTLEMENT_SENT", "FUNDS_RECEIVING_LATE", "AWAITING_PAYIN_RECONCILIATION",
  "UNDER_REVIEW", "PAYIN_UNDER_REVIEW", "PAYOUT_UNDER_REVIEW", "IN_PROGRESS",
]);
const INFO = new Set(["REQUEST_STARTED", "STARTED", "CREATED", "PENDING", "AWAITING_FUNDS", "SCHEDULED"]);

/**
 * Maps a settlement-request, payment, disbursement or /v1 status to a tone:
 * started/pending → info (blue), in progress/under review → warning (amber),
 * completed → success (green), failed/mismatch → danger (red),
 * canceled/expired/refunded → muted (grey). Unknown statuses are neutral.
 */
export function statusTone(status: string): Tone {
  const s = status.toUpperCase();
  if (SUCCESS.has(s)) return "success";
  if (DANGER.has(s)) return "danger";
  if (MUTED.has(s)) return "muted";
  if (WARNING.has(s)) return "warning";
  if (INFO.has(s)) return "info";
  return "neutral";
}

/** "PAYIN_AMOUNT_MISMATCH" → "Payin amount mismatch". */
export function humanizeStatus(status: string): string {
  const words = status.toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Statuses as select options, each labelled in words. */
export function statusOptions(statuses: readonly string[]): { value: string; label: string }[] {
  return statuses.map((s) => ({ value: s, label: humanizeStatus(s) }));
}
