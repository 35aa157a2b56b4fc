import type { ActionError } from "@/lib/dashboard/action-result";

/**
 * Whether the service has stored the key's result (browser-safe): after such an answer a retry
 * with another body needs a new Idempotency-Key. A network failure, a 429, a request still in
 * flight or our own refusals before the call leave the key unspent.
 */
export function idempotencyKeyIsSpent(error: ActionError): boolean {
  if (error.status === undefined) return false;
  if (error.code === "rate_limit_exceeded" || error.code === "idempotency_conflict") return false;
  if (
    error.code === "invalid_input" ||
    error.code === "environment_mismatch" ||
    error.code === "production_not_confirmed"
  )
    return false;
  return error.status >= 400 && error.status < 500;
}

const SENT_KEYS = "console:idempotency-keys-sent";
const REMEMBERED = 50;

function sentKeys(): Record<string, string> {
  try {
    return JSON.parse(window.sessionStorage.getItem(SENT_KEYS) ?? "{}") as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * The key to send `body` with: `key` itself, unless this tab already sent `key` with another
 * body (the browser's Back button brings a form back with the key of a submission that went
 * through): a changed form is a new intended submission and gets `fresh()`. The same body keeps
 * the key, so a retry or a double submit is still created once. Remembers what it returns.
 */
export function keyForSubmission(key: string, body: unknown, fresh: () => string): string {
  const text = JSON.stringify(body);
  const sent = typeof window === "undefined" ? {} : sentKeys();
  const chosen = sent[key] === undefined || sent[key] === text ? key : fresh();
  if (typeof window !== "undefined") {
    const entries = Object.entries({ ...sent, [chosen]: text }).slice(-REMEMBERED);
    try {
      window.sessionStorage.setItem(SENT_KEYS, JSON.stringify(Object.fromEntries(entries)));
    } catch {
      // storage full or disabled: the service's conflict answer still protects the money
    }
  }
  return chosen;
}
