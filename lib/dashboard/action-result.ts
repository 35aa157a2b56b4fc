/**
 * What every server action returns (browser-safe): a discriminated result. Only our own typed
 * errors reach the browser; an unknown error becomes `internal_error` with a fixed message.
 */
import type { ErrorDetail } from "@/lib/schemas/error";

export type ActionErrorCode =
  /** An error code of the settlement API (validation_error, invalid_transition, ...). */
  | (string & {})
  | "invalid_input"
  | "network_error"
  | "bad_response"
  | "not_configured"
  | "environment_mismatch"
  | "production_not_confirmed"
  | "sandbox_only"
  | "internal_error";

export type ActionError = {
  code: ActionErrorCode;
  message: string;
  /** HTTP status of the API's answer, when there was one. */
  status?: number;
  /** Field problems; `path` is dotted like react-hook-form names ("destination.iban"). */
  details: ErrorDetail[];
  /** Seconds until a rate-limited call may be retried. */
  retryAfterSeconds?: number;
  requestId?: string;
  /** `held_for_approval`: the held submission (its page is /approvals/<id>). */
  submissionId?: string;
  /** `held_for_approval` as a possible duplicate: the author's own earlier submission, still waiting, it may replace. */
  replaces?: string;
};

export type ActionResult<T> = { ok: true; data: T; replayed?: boolean } | { ok: false; error: ActionError };

/** How the browser tells an action which environment it is looking at (mutations need it). */
export type ActionMeta = {
  /** The environment the page was rendered for; must match the console_env cookie. */
  environment?: "sandbox" | "production";
  /** Production mutations must say so explicitly (after the person confirmed). */
  confirmProduction?: boolean;
};

/** The error thrown into react-query from a failed result; `status` stops retries on 4xx. */
export class ActionFailure extends Error {
  readonly code: ActionErrorCode;
  readonly status: number | undefined;
  readonly details: ErrorDetail[];
  readonly retryAfterSeconds: number | undefined;
  constructor(error: ActionError) {
    super(error.message);
    this.name = "ActionFailure";
    this.code = error.code;
    this.status = error.status ?? (error.code === "invalid_input" ? 400 : undefined);
    this.details = error.details;
    this.retryAfterSeconds = error.retryAfterSeconds;
  }
}

/** For query functions: the data, or throw an ActionFailure. */
export function unwrap<T>(result: ActionResult<T>): T {
  if (result.ok) return result.data;
  throw new ActionFailure(result.error);
}

/** One line for a person: what went wrong and, for a 429, when to retry. */
export function describeError(error: Pick<ActionError, "code" | "message" | "retryAfterSeconds">): string {
  if (error.code === "rate_limit_exceeded") {
    const wait = error.retryAfterSeconds;
    return `Too many requests: the API's rate limit was reached.${wait !== undefined ? ` Try again in ${wait} s.` : " Try again in a minute."}`;
  }
  if (error.code === "network_error") return `Network problem: ${error.message}`;
  return error.message;
}

/**
 * Where a failed action went wrong, for a form: the first named field (the last part of its
 * path: "max_per_second", "from") and its message, or no field and the error in words.
 */
export function fieldProblem(error: Pick<ActionError, "code" | "message" | "retryAfterSeconds" | "details">): {
  field: string | null;
  message: string;
} {
  const detail = error.details[0];
  return detail
    ? { field: detail.path.split(".").pop() ?? null, message: detail.message }
    : { field: null, message: describeError(error) };
}
