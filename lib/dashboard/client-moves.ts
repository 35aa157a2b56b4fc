/**
 * The client (PUT) moves the request page offers: how each looks and what it says. Which moves
 * a status allows, and which take a transaction hash, come from the PUT table itself
 * (lib/state-machine/client-moves.ts), so the page offers exactly the moves that can succeed;
 * the service remains the judge (409 invalid_transition). Browser-safe.
 */
import { PUT_RULES, type PutStatus } from "@/lib/state-machine/client-moves";

export type ClientMove = {
  to: PutStatus;
  label: string;
  from: readonly string[];
  /** Ask for a transaction hash (optional) with this move. */
  txHash?: boolean;
  tone: "primary" | "secondary" | "danger";
  help: string;
};

type Presentation = Pick<ClientMove, "label" | "tone" | "help">;

/** Every PUT status, in the order the page shows its button. */
const PRESENTATION: Readonly<Record<PutStatus, Presentation>> = {
  FUNDS_SENT: {
    label: "Mark funds sent",
    tone: "primary",
    help: "The payer has sent the funds; reconciliation is expected by the override or T+3.",
  },
  REQUEST_COMPLETED: {
    label: "Complete request",
    tone: "primary",
    help: "Closes the request; the hash goes on the outbound payment.",
  },
  PAYIN_UNDER_REVIEW: {
    label: "Put payin under review",
    tone: "secondary",
    help: "Hold the inbound payment for review.",
  },
  PAYIN_AMOUNT_MISMATCH: {
    label: "Report amount mismatch",
    tone: "secondary",
    help: "The amount received differs from the instructions.",
  },
  PAYIN_CANCELED: { label: "Cancel payin", tone: "danger", help: "The inbound payment will not arrive." },
  PAYIN_FAILED: { label: "Fail payin", tone: "danger", help: "The inbound payment failed." },
  REQUEST_CANCELED: { label: "Cancel request", tone: "danger", help: "Cancels the request and both payments." },
};

export const CLIENT_MOVES: readonly ClientMove[] = (
  Object.entries(PRESENTATION) as Array<[PutStatus, Presentation]>
).map(([to, look]) => ({
  to,
  ...look,
  from: PUT_RULES[to].from,
  ...(PUT_RULES[to].txHashOn ? { txHash: true } : {}),
}));

export function movesFrom(status: string): ClientMove[] {
  return CLIENT_MOVES.filter((m) => m.from.includes(status));
}
