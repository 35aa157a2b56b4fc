/**
 * Disbursements (decisions D10.1): their statuses, the move table with its balance effects,
 * the simulated payout rail that drives them, and how their outbound payment's status maps to
 * theirs (a sandbox PATCH of that payment moves the disbursement).
 */
import { invalidMoveMessage, type MovePlan, type PaymentStatus } from "./statuses";

export const DISBURSEMENT_STATUSES = ["PENDING", "PROCESSING", "COMPLETED", "FAILED"] as const;
export type DisbursementStatus = (typeof DISBURSEMENT_STATUSES)[number];

export interface DisbursementEffects {
  /** "consume": the reserved amount leaves the balance; "release": it becomes available again. */
  reserve?: "consume" | "release";
  setCompletedAt?: true;
  /** The outbound payment gets its `transaction_hash`. */
  setTransactionHash?: true;
  /** `failure_reason` `{ code, message }` is required. */
  needsFailureReason?: true;
}

/**
 * decisions D10: PENDING → PROCESSING → COMPLETED | FAILED. COMPLETED and FAILED are final.
 * PENDING → FAILED too: a payout can be refused before it reaches the chain (a sandbox PATCH of
 * its payment to FAILED or CANCELED does this); the reserve is released as from PROCESSING.
 */
const DISBURSEMENT_MOVES: Readonly<
  Record<DisbursementStatus, Partial<Record<DisbursementStatus, DisbursementEffects>>>
> = {
  PENDING: { PROCESSING: {}, FAILED: { reserve: "release", needsFailureReason: true } },
  PROCESSING: {
    COMPLETED: { reserve: "consume", setCompletedAt: true, setTransactionHash: true },
    FAILED: { reserve: "release", needsFailureReason: true },
  },
  COMPLETED: {},
  FAILED: {},
};

/** A disbursement with no move out of its status (the table's empty rows). */
export function isFinalDisbursementStatus(status: DisbursementStatus): boolean {
  return Object.keys(DISBURSEMENT_MOVES[status]).length === 0;
}

/** Any move outside the table, including to the current status, is invalid. */
export function planDisbursementMove(
  from: DisbursementStatus,
  to: DisbursementStatus,
): MovePlan<DisbursementStatus, DisbursementEffects> {
  const effects = DISBURSEMENT_MOVES[from][to];
  return effects ? { kind: "ok", from, to, effects } : { kind: "invalid", message: invalidMoveMessage(from, to) };
}

/**
 * The moves that take a disbursement from `from` to `to` (a sandbox PATCH of its payment may
 * skip a step: PENDING → COMPLETED goes through PROCESSING). Empty when it is already there;
 * invalid out of a final status.
 */
export function planDisbursementPath(
  from: DisbursementStatus,
  to: DisbursementStatus,
):
  | { kind: "ok"; moves: Array<MovePlan<DisbursementStatus, DisbursementEffects> & { kind: "ok" }> }
  | { kind: "invalid"; message: string } {
  if (from === to) return { kind: "ok", moves: [] };
  const direct = planDisbursementMove(from, to);
  if (direct.kind === "ok") return { kind: "ok", moves: [direct] };
  if (from === "PENDING" && to === "COMPLETED") {
    const first = planDisbursementMove("PENDING", "PROCESSING");
    const second = planDisbursementMove("PROCESSING", "COMPLETED");
    if (first.kind === "ok" && second.kind === "ok") return { kind: "ok", moves: [first, second] };
  }
  return { kind: "invalid", message: direct.message };
}

/** The service's rail delays (`ServiceConfig.railDelays`), in seconds. */
export interface DisbursementRailDelays {
  sentSeconds: number;
  completedSeconds: number;
}

/**
 * The simulated payout rail: the statuses it moves a disbursement out of, where to, and how
 * long the disbursement waits in the status first. Every step is a move of DISBURSEMENT_MOVES.
 */
const DISBURSEMENT_RAIL: Readonly<
  Partial<Record<DisbursementStatus, { to: DisbursementStatus; waits: keyof DisbursementRailDelays }>>
> = {
  PENDING: { to: "PROCESSING", waits: "sentSeconds" },
  PROCESSING: { to: "COMPLETED", waits: "completedSeconds" },
};

/** The statuses the rail moves a disbursement out of (the rows its worker claims). */
export const DISBURSEMENT_RAIL_STATUSES = Object.keys(DISBURSEMENT_RAIL) as DisbursementStatus[];

/** When the rail takes its next step for a disbursement that entered `status` at `since`; null when it never does. */
export function disbursementNextStepAt(
  status: DisbursementStatus,
  since: Date,
  delays: Readonly<DisbursementRailDelays>,
): Date | null {
  const step = DISBURSEMENT_RAIL[status];
  return step ? new Date(since.getTime() + delays[step.waits] * 1000) : null;
}

/**
 * The rail step due at `stepAt` for a disbursement in `status`: where it goes and when the step
 * after it is due (counted from `stepAt`, so a late tick catches up step by step); null when the
 * rail does not move this status.
 */
export function planDisbursementRailStep(
  status: DisbursementStatus,
  stepAt: Date,
  delays: Readonly<DisbursementRailDelays>,
): { to: DisbursementStatus; nextStepAt: Date | null } | null {
  const step = DISBURSEMENT_RAIL[status];
  return step ? { to: step.to, nextStepAt: disbursementNextStepAt(step.to, stepAt, delays) } : null;
}

/** The status the outbound payment of a disbursement has while the disbursement has each. */
export const DISBURSEMENT_PAYMENT_STATUS: Readonly<Record<DisbursementStatus, PaymentStatus>> = {
  PENDING: "PENDING",
  PROCESSING: "PROCESSING",
  COMPLETED: "COMPLETED",
  FAILED: "FAILED",
};

/**
 * A sandbox PATCH may set any payment status on a disbursement's payment; this is the
 * disbursement status each one means (not started; on its way; arrived; did not arrive).
 */
export const DISBURSEMENT_STATUS_OF_PAYMENT: Readonly<Record<PaymentStatus, DisbursementStatus>> = {
  AWAITING_FUNDS: "PENDING",
  PENDING: "PENDING",
  SCHEDULED: "PENDING",
  PROCESSING: "PROCESSING",
  SENT: "PROCESSING",
  UNDER_REVIEW: "PROCESSING",
  COMPLETED: "COMPLETED",
  FAILED: "FAILED",
  CANCELED: "FAILED",
  EXPIRED: "FAILED",
  REFUNDED: "FAILED",
};

/** Payment statuses in which the simulated rail keeps moving a disbursement; others hold it. */
export const DISBURSEMENT_RAIL_PAYMENT_STATUSES: readonly PaymentStatus[] = ["PENDING", "PROCESSING", "SENT"];

/**
 * When the rail takes its next step after a sandbox PATCH set the disbursement's payment to
 * `paymentStatus` (and the disbursement to `status`) at `at`; null when that status holds it.
 */
export function disbursementNextStepAfterPaymentPatch(
  status: DisbursementStatus,
  paymentStatus: PaymentStatus,
  at: Date,
  delays: Readonly<DisbursementRailDelays>,
): Date | null {
  return DISBURSEMENT_RAIL_PAYMENT_STATUSES.includes(paymentStatus) ? disbursementNextStepAt(status, at, delays) : null;
}

/** `failure_reason.code` of a disbursement whose payment reached a failing status. */
export function disbursementFailureCode(paymentStatus: PaymentStatus): string {
  return `PAYMENT_${paymentStatus}`;
}
