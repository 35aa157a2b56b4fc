import type { ActionError } from "@/lib/actions/result";

/**
 * Whether the service has stored the key's result (browser-safe): after such an answer a retry
 * with another body needs a new Idempotency-Key. A network failure, a 429, a request still in
 * flight or our own refusals before the call leave the key unspent.
 */
export function idempotencyKeyIsSpent(error: ActionError): boolean {
  if (error.status === undefined) return false;
  if (error.code === "rate_limit_exceeded" || error.code === "idempotency_conflict") return false;
  if (error.code === "invalid_input" || error.code === "environment_mismatch" || error.code === "production_not_confirmed") return false;
  return error.status >= 400 && error.status < 500;
}
