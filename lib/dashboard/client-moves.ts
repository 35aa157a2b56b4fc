/**
 * The client (PUT) moves of a settlement request and the statuses they are allowed from
 * (decisions D7). Browser-safe: the request page offers only the moves that can succeed; the
 * service remains the judge (409 invalid_transition).
 */
import type { PutStatus } from "@/lib/state-machine/client-moves";

export type ClientMove = {
  to: PutStatus;
  label: string;
  from: readonly string[];
  /** Ask for a transaction hash (optional) with this move. */
  txHash?: boolean;
  tone: "primary" | "secondary" | "danger";
  help: string;
};

const PAYIN_OPEN = ["FUNDS_SENT", "FUNDS_RECEIVING_LATE", "PAYIN_UNDER_REVIEW"] as const;

export const CLIENT_MOVES: readonly ClientMove[] = [
  { to: "FUNDS_SENT", label: "Mark funds sent", from: ["REQUEST_STARTED"], txHash: true, tone: "primary", help: "The payer has sent the funds; reconciliation is expected by the override or T+3." },
  { to: "REQUEST_COMPLETED", label: "Complete request", from: ["SETTLEMENT_SENT", "SETTLEMENT_COMPLETED"], txHash: true, tone: "primary", help: "Closes the request; the hash goes on the outbound payment." },
  { to: "PAYIN_UNDER_REVIEW", label: "Put payin under review", from: ["FUNDS_SENT", "FUNDS_RECEIVING_LATE"], tone: "secondary", help: "Hold the inbound payment for review." },
  { to: "PAYIN_AMOUNT_MISMATCH", label: "Report amount mismatch", from: PAYIN_OPEN, tone: "secondary", help: "The amount received differs from the instructions." },
  { to: "PAYIN_CANCELED", label: "Cancel payin", from: PAYIN_OPEN, tone: "danger", help: "The inbound payment will not arrive." },
  { to: "PAYIN_FAILED", label: "Fail payin", from: PAYIN_OPEN, tone: "danger", help: "The inbound payment failed." },
  { to: "REQUEST_CANCELED", label: "Cancel request", from: ["REQUEST_STARTED"], tone: "danger", help: "Cancels the request and both payments." },
];

export function movesFrom(status: string): ClientMove[] {
  return CLIENT_MOVES.filter((m) => m.from.includes(status));
}
