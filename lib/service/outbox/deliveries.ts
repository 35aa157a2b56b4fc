import "server-only";
import type { AttemptToRecord, ClaimedDelivery } from "../store/webhook-deliveries";
import { nextAttemptAt } from "./schedule";
import type { AttemptResult } from "@/lib/webhooks/send";

/** A finished attempt of a claimed delivery, waiting to be recorded (outbox/worker.ts). */
export interface AttemptRecord {
  delivery: ClaimedDelivery;
  /** When the attempt started (the clock at claim). */
  at: Date;
  result: AttemptResult;
  /** When it ended: the schedule counts the next delay from here. */
  recordedAt: Date;
}

/** The body receivers get: `{id, type, created_at, data}`. */
export function deliveryBody(d: ClaimedDelivery): string {
  return JSON.stringify({ id: d.eventId, type: d.eventType, created_at: d.eventCreatedAt.toISOString(), data: d.data });
}

/** What an attempt makes of its delivery: SUCCEEDED on 2xx, else the next time of the schedule, or FAILED after the tenth failure. */
export function withOutcome(record: AttemptRecord): AttemptToRecord {
  const next = record.result.ok ? null : nextAttemptAt(record.delivery.attemptCount + 1, record.recordedAt);
  const status = record.result.ok ? "SUCCEEDED" : next === null ? "FAILED" : "PENDING";
  return { ...record, status, next };
}
