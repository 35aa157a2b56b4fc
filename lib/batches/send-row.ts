import "server-only";
import { DISBURSEMENT_STATUS_PHASES, SETTLEMENT_STATUS_PHASES } from "@/lib/state-machine/phases";
import type { Environment } from "@/lib/schemas/catalog";
import {
  createDisbursement,
  createSettlementRequest,
  getDisbursement,
  getSettlementRequest,
  type ApiFailure,
  type ApiResult,
} from "@/lib/settlement-api";
import type { Pacer } from "./pacer";
import type { BatchKind } from "./templates";

/** What happened to one send: an answer (sent or refused), or a pause (the API could not be reached: retried later with the same key). */
export type SendOutcome =
  | {
      state: "sent" | "failed";
      httpStatus: number | null;
      resultId: string | null;
      resultStatus: string | null;
      final: boolean;
      failure: string | null;
      data: unknown;
    }
  | { state: "paused"; reason: string };

const RATE_LIMIT_TRIES = 20;

/** Whether a status is where the object stays (success, failure or an end like canceled). */
export function isFinalStatus(kind: BatchKind, status: string | null): boolean {
  if (!status) return false;
  const phase =
    kind === "disbursement"
      ? DISBURSEMENT_STATUS_PHASES[status as keyof typeof DISBURSEMENT_STATUS_PHASES]
      : SETTLEMENT_STATUS_PHASES[status as keyof typeof SETTLEMENT_STATUS_PHASES];
  return phase === "success" || phase === "failure" || phase === "neutral";
}

/** A refusal in one line for the results: "insufficient_funds: Available 10.00 USDC …". */
export function failureText(error: ApiFailure | { kind: "stopped"; message: string }): string {
  if (error.kind === "api") {
    const detail = error.details[0] ? ` (${error.details[0].path}: ${error.details[0].message})` : "";
    return `${error.code}: ${error.message}${detail}`;
  }
  return error.message;
}

/**
 * Whether a failed send is tried again later with the same key rather than failing its row: no
 * answer, the service failing or rate limiting, or the first try of this key still "in flight"
 * at the service (409 idempotency_conflict: a crash mid-request leaves the key claimed until
 * the service deems it abandoned).
 */
export function goesAgainLater(error: ApiFailure): boolean {
  if (error.kind === "network" || error.kind === "not_configured") return true;
  if (error.kind === "api" && error.code === "idempotency_conflict") return true;
  return (error.kind === "api" || error.kind === "bad_response") && (error.status >= 500 || error.status === 429);
}

/** Calls `call` through the pacer, waiting out 429s (Retry-After) instead of failing the row. */
export async function paced<T>(
  pacer: Pacer,
  call: () => Promise<ApiResult<T>>,
  keepAlive: () => Promise<boolean>,
): Promise<ApiResult<T> | { ok: false; error: { kind: "stopped"; message: string } }> {
  for (let attempt = 0; ; attempt++) {
    await pacer.slot();
    const result = await call();
    if (result.ok) {
      pacer.saw(result.rateLimit);
      return result;
    }
    if (result.error.kind !== "api" || result.error.status !== 429 || attempt >= RATE_LIMIT_TRIES) return result;
    pacer.blockFor(result.error.retryAfterSeconds ?? 1);
    // Waiting keeps the lease: another instance must not take the batch meanwhile.
    while (pacer.waitMs() > 0) {
      if (!(await keepAlive()))
        return { ok: false, error: { kind: "stopped", message: "Another instance took the batch over." } };
      await new Promise((r) => setTimeout(r, Math.min(pacer.waitMs(), 2_000)));
    }
  }
}

/** Sends one row with its own Idempotency-Key: a send repeated after a crash is the same request (the API replays its first answer). */
export async function sendRow(
  environment: Environment,
  kind: BatchKind,
  body: Record<string, unknown>,
  key: string,
  pacer: Pacer,
  keepAlive: () => Promise<boolean>,
): Promise<SendOutcome> {
  const result =
    kind === "disbursement"
      ? await paced(pacer, () => createDisbursement(environment, body as never, key), keepAlive)
      : await paced(pacer, () => createSettlementRequest(environment, body as never, key), keepAlive);
  if (result.ok) {
    const data = result.data as { id: string; status: string };
    return {
      state: "sent",
      httpStatus: result.status,
      resultId: data.id,
      resultStatus: data.status,
      final: isFinalStatus(kind, data.status),
      failure: null,
      data: result.data,
    };
  }
  const error = result.error;
  if (error.kind === "stopped") return { state: "paused", reason: error.message };
  if (goesAgainLater(error)) return { state: "paused", reason: error.message };
  return {
    state: "failed",
    httpStatus: "status" in error ? error.status : null,
    resultId: null,
    resultStatus: null,
    final: true,
    failure: failureText(error),
    data: null,
  };
}

/** The object's current status, read by id (the follower). */
export async function currentStatus(
  environment: Environment,
  kind: BatchKind,
  id: string,
): Promise<ApiResult<{ status: string }>> {
  return kind === "disbursement" ? getDisbursement(environment, id) : getSettlementRequest(environment, id);
}
