/**
 * The earlier /v1 payments (decisions D10.3): their statuses and the document's /v1 table, with
 * what each move does to the balance, the payment and the events; the 5-minute notification
 * window; the moves the clock makes.
 */
import type { EventType } from "./webhooks";

import { invalidMoveMessage, type MovePlan } from "./statuses";

export const V1_PAYMENT_STATUSES = ["CREATED", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"] as const;
export type V1PaymentStatus = (typeof V1_PAYMENT_STATUSES)[number];

/** What moves a /v1 payment: the incoming fiat's notification, the clock, the chain. */
export type V1Trigger = "notification" | "expiry" | "confirmation" | "transfer_failure";

export interface V1PaymentEffects {
  trigger: V1Trigger;
  /** "consume": the reserved amount leaves the balance; "release": it becomes available again. */
  reserve?: "consume" | "release";
  setCompletedAt?: true;
  setTransactionHash?: true;
  /** Set `confirm_at`: the simulated on-chain confirmation lands at {@link v1ConfirmationAt}. */
  schedulesConfirmation?: true;
  /**
   * Debit the chain's network fee (when there is one) from the available balance, apart from the
   * reserved amount. When the available balance no longer covers it (other payments took it
   * since creation), the payment moves to `uncovered` instead: the balance never goes negative.
   */
  networkFee?: { uncovered: V1PaymentStatus };
  /** Write `failure_reason`: the one given, else `fallback`. */
  failureReason?: { fallback: string };
  event: EventType;
}

/** The document's /v1 table; COMPLETED, FAILED and EXPIRED are final. */
const V1_MOVES: Readonly<Record<V1PaymentStatus, Partial<Record<V1PaymentStatus, V1PaymentEffects>>>> = {
  CREATED: {
    PROCESSING: { trigger: "notification", schedulesConfirmation: true, event: "payment.processing" },
    EXPIRED: { trigger: "expiry", reserve: "release", event: "payment.expired" },
  },
  PROCESSING: {
    COMPLETED: {
      trigger: "confirmation",
      reserve: "consume",
      setCompletedAt: true,
      setTransactionHash: true,
      networkFee: { uncovered: "FAILED" },
      event: "payment.completed",
    },
    FAILED: {
      trigger: "transfer_failure",
      reserve: "release",
      failureReason: { fallback: "Transfer failed" },
      event: "payment.failed",
    },
  },
  COMPLETED: {},
  FAILED: {},
  EXPIRED: {},
};

/** A /v1 payment with no move out of its status (the table's empty rows). */
export function isFinalV1PaymentStatus(status: V1PaymentStatus): boolean {
  return Object.keys(V1_MOVES[status]).length === 0;
}

/** Any move outside the table, including to the current status, is invalid. */
export function planV1PaymentMove(
  from: V1PaymentStatus,
  to: V1PaymentStatus,
): MovePlan<V1PaymentStatus, V1PaymentEffects> {
  const effects = V1_MOVES[from][to];
  return effects ? { kind: "ok", from, to, effects } : { kind: "invalid", message: invalidMoveMessage(from, to) };
}

/** The statuses the sandbox PATCH (extension) may drive a /v1 payment to: all but the first. */
export const V1_SANDBOX_TARGETS = V1_PAYMENT_STATUSES.filter(
  (s): s is Exclude<V1PaymentStatus, "CREATED"> => s !== "CREATED",
);
export type V1SandboxTarget = (typeof V1_SANDBOX_TARGETS)[number];

/** /v1 notification window: 5 minutes in both environments. */
export const V1_NOTIFICATION_WINDOW_MS = 5 * 60_000;

export function v1PaymentExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + V1_NOTIFICATION_WINDOW_MS);
}

/** True when a CREATED /v1 payment is due to expire at `now`. */
export function isV1PaymentDueToExpire(payment: { status: V1PaymentStatus; expiresAt: Date }, now: Date): boolean {
  return payment.status === "CREATED" && now.getTime() >= payment.expiresAt.getTime();
}

/** When the simulated on-chain confirmation of a payment notified at `at` lands (the rail's completion delay). */
export function v1ConfirmationAt(at: Date, delays: { completedSeconds: number }): Date {
  return new Date(at.getTime() + delays.completedSeconds * 1000);
}

/** The statuses the clock moves a /v1 payment out of once its due time (`expires_at`, `confirm_at`) comes. */
export type V1ClockStatus = "CREATED" | "PROCESSING";
const CLOCK_TRIGGERS: ReadonlySet<V1Trigger> = new Set(["expiry", "confirmation"]);

/** The clock's move out of `from`: the table's move triggered by expiry or confirmation. */
export function v1ClockMove(from: V1ClockStatus): V1PaymentStatus {
  for (const [to, effects] of Object.entries(V1_MOVES[from])) {
    if (effects && CLOCK_TRIGGERS.has(effects.trigger)) return to as V1PaymentStatus;
  }
  throw new Error(`the /v1 table has no timed move out of ${from}`);
}
