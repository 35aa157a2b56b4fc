import "server-only";

import type { EventType, PaymentStatus } from "@/lib/schemas/catalog";

import { invalidMoveMessage } from "./statuses";

export type MovePlan<S, E> = { kind: "ok"; from: S; to: S; effects: E } | { kind: "invalid"; message: string };

type Reserve = "consume" | "release";

export const DISBURSEMENT_STATUSES = ["PENDING", "PROCESSING", "COMPLETED", "FAILED"] as const;
export type DisbursementStatus = (typeof DISBURSEMENT_STATUSES)[number];

export interface DisbursementEffects {
  /** "consume": the reserved amount leaves the balance; "release": it becomes available again. */
  reserve?: Reserve;
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
const DISBURSEMENT_MOVES: Readonly<Record<DisbursementStatus, Partial<Record<DisbursementStatus, DisbursementEffects>>>> = {
  PENDING: { PROCESSING: {}, FAILED: { reserve: "release", needsFailureReason: true } },
  PROCESSING: {
    COMPLETED: { reserve: "consume", setCompletedAt: true, setTransactionHash: true },
    FAILED: { reserve: "release", needsFailureReason: true },
  },
  COMPLETED: {},
  FAILED: {},
};

export function isFinalDisbursementStatus(status: DisbursementStatus): boolean {
  return status === "COMPLETED" || status === "FAILED";
}

/** Any move outside the table, including to the current status, is invalid. */
export function planDisbursementMove(
  from: DisbursementStatus,
  to: DisbursementStatus,
): MovePlan<DisbursementStatus, DisbursementEffects> {
  const effects = DISBURSEMENT_MOVES[from][to];
  return effects ? { kind: "ok", from, to, effects } : { kind: "invalid", message: invalidMoveMessage(from, to) };
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

/** `failure_reason.code` of a disbursement whose payment reached a failing status. */
export function disbursementFailureCode(paymentStatus: PaymentStatus): string {
  return `PAYMENT_${paymentStatus}`;
}

/**
 * The moves that take a disbursement from `from` to `to` (a sandbox PATCH of its payment may
 * skip a step: PENDING → COMPLETED goes through PROCESSING). Empty when it is already there;
 * invalid out of a final status.
 */
export function planDisbursementPath(
  from: DisbursementStatus,
  to: DisbursementStatus,
): { kind: "ok"; moves: Array<MovePlan<DisbursementStatus, DisbursementEffects> & { kind: "ok" }> } | { kind: "invalid"; message: string } {
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

export const V1_PAYMENT_STATUSES = ["CREATED", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"] as const;
export type V1PaymentStatus = (typeof V1_PAYMENT_STATUSES)[number];

export type V1Trigger = "notification" | "expiry" | "confirmation" | "transfer_failure";

export interface V1PaymentEffects {
  trigger: V1Trigger;
  reserve?: Reserve;
  setCompletedAt?: true;
  setTransactionHash?: true;
  event: EventType;
}

/** The document's /v1 table; COMPLETED, FAILED and EXPIRED are final. */
const V1_MOVES: Readonly<Record<V1PaymentStatus, Partial<Record<V1PaymentStatus, V1PaymentEffects>>>> = {
  CREATED: {
    PROCESSING: { trigger: "notification", event: "payment.processing" },
    EXPIRED: { trigger: "expiry", reserve: "release", event: "payment.expired" },
  },
  PROCESSING: {
    COMPLETED: {
      trigger: "confirmation",
      reserve: "consume",
      setCompletedAt: true,
      setTransactionHash: true,
      event: "payment.completed",
    },
    FAILED: { trigger: "transfer_failure", reserve: "release", event: "payment.failed" },
  },
  COMPLETED: {},
  FAILED: {},
  EXPIRED: {},
};

export function isFinalV1PaymentStatus(status: V1PaymentStatus): boolean {
  return status === "COMPLETED" || status === "FAILED" || status === "EXPIRED";
}

export function planV1PaymentMove(
  from: V1PaymentStatus,
  to: V1PaymentStatus,
): MovePlan<V1PaymentStatus, V1PaymentEffects> {
  const effects = V1_MOVES[from][to];
  return effects ? { kind: "ok", from, to, effects } : { kind: "invalid", message: invalidMoveMessage(from, to) };
}

/** /v1 notification window: 5 minutes in both environments. */
export const V1_NOTIFICATION_WINDOW_MS = 5 * 60_000;

export function v1PaymentExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + V1_NOTIFICATION_WINDOW_MS);
}

/** True when a CREATED /v1 payment is due to expire at `now`. */
export function isV1PaymentDueToExpire(payment: { status: V1PaymentStatus; expiresAt: Date }, now: Date): boolean {
  return payment.status === "CREATED" && now.getTime() >= payment.expiresAt.getTime();
}
