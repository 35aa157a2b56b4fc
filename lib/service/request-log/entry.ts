import "server-only";
import { maskTail, MASK_PREFIX } from "@/lib/schemas/mask";

/** Bodies are kept up to this many bytes each (decision D11.1). */
export const MAX_LOGGED_BODY_BYTES = 16 * 1024;
const MASKED_FIELDS = new Set(["account_number", "iban", "clabe"]);

/** How much of a secret the log keeps (decisions D11.4): `whsec_AbCd…`. */
const SECRET_KEPT = 10;
/** How much of an API key the log keeps: its key_prefix. */
const KEY_KEPT = 14;
/** How much of an inbox's unguessable id a logged URL keeps. */
const INBOX_ID_KEPT = 6;

/** `value` cut to its first `kept` characters and `…`. */
function cut(value: string, kept: number): string {
  return `${value.slice(0, kept)}…`;
}

/**
 * Credentials wherever they stand in logged text (decision D11.6): signing secrets, API keys
 * and the console's inbox capability URLs (`/inbox/<id>`), each cut to what identifies it. Each
 * pattern needs more than what is kept, so a value already cut is never cut again.
 */
const CREDENTIALS: ReadonlyArray<[RegExp, (found: string, ...groups: string[]) => string]> = [
  [/whsec_[A-Za-z0-9_+/=-]{5,}/g, (found) => cut(found, SECRET_KEPT)],
  // Every key shape, not only the ones this service makes (sk_test_, sk_live_): a configured
  // sk_sandbox_… or another environment's sk_production_… key is cut as well (issue 58).
  [/\b[sr]k_[A-Za-z]{2,12}_[A-Za-z0-9_-]{7,}/g, (found) => cut(found, KEY_KEPT)],
  // Form-encoded and query fields named like a credential (secret=…, api_key=…, password=…).
  [
    /\b((?:client_)?secret|password|passwd|pwd|token|access_token|refresh_token|api[_-]?key|x-api-key)=([^&\s"]{4,})/gi,
    (found, name: string, value: string) => (value.includes("…") ? found : `${name}=${cut(value, 2)}`),
  ],
  [/(\/inbox\/)([A-Za-z0-9_-]{8,})/g, (_found, path: string, id: string) => `${path}${cut(id, INBOX_ID_KEPT)}`],
  // The console's personal access tokens, bearer credentials and JWTs, wherever a caller put them (issue 42).
  [/scpat_[A-Za-z0-9_-]{7,}/g, (found) => cut(found, KEY_KEPT)],
  [
    /\b(Bearer|Basic|Token)(\s+)([A-Za-z0-9._~+/=-]{9,})/gi,
    (_f, scheme: string, gap: string, v: string) => `${scheme}${gap}${cut(v, 4)}`,
  ],
  [/eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}/g, (found) => cut(found, 8)],
];

/** The keys this console is configured with (any shape): cut wherever they stand, whoever sent them. */
function configuredKeys(): string[] {
  return [process.env.SETTLEMENT_SANDBOX_API_KEY, process.env.SETTLEMENT_PRODUCTION_API_KEY].filter(
    (k): k is string => typeof k === "string" && k.length >= 8,
  );
}

/** `text` with every credential in it cut: the caller's own key and the configured ones (whatever their shape) too. */
export function scrubCredentials(text: string, callerKey = ""): string {
  let out = text;
  for (const key of [callerKey, ...configuredKeys()])
    if (key.length >= 8 && out.includes(key)) out = out.replaceAll(key, cut(key, KEY_KEPT));
  for (const [pattern, replace] of CREDENTIALS) out = out.replace(pattern, replace as (found: string) => string);
  return out;
}

/**
 * A copy of a JSON value as the log keeps it: bank identifiers masked as responses mask them,
 * every field named `secret` cut to its first 10 characters, every credential in a string cut.
 */
export function maskedForLog(value: unknown, callerKey = ""): unknown {
  if (typeof value === "string") return scrubCredentials(value, callerKey);
  if (Array.isArray(value)) return value.map((v) => maskedForLog(v, callerKey));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "secret" && typeof v === "string") out[key] = cut(v, SECRET_KEPT);
    else if (MASKED_FIELDS.has(key) && typeof v === "string" && !v.startsWith(MASK_PREFIX)) out[key] = maskTail(v);
    else out[key] = maskedForLog(v, callerKey);
  }
  return out;
}

/**
 * A body as stored: JSON is kept masked (bank identifiers, secrets, credentials) and re-serialised;
 * anything else is kept as sent with its credentials cut and NULs spelled out (PostgreSQL text
 * refuses them); cut to 16 KiB; null when empty. Responses already mask bank identifiers
 * (decision D5.5), so only a response that may carry a secret or a credential is parsed.
 */
export function loggedBody(text: string, callerKey = "", options: { banksMasked?: boolean } = {}): string | null {
  if (text === "") return null;
  if (options.banksMasked && !mayHoldCredential(text, callerKey)) return capped(text.replaceAll("\u0000", "\\u0000"));
  let stored: string;
  try {
    stored = JSON.stringify(maskedForLog(JSON.parse(text), callerKey));
  } catch {
    stored = scrubCredentials(text, callerKey).replaceAll("\u0000", "\\u0000");
  }
  return capped(stored);
}

function mayHoldCredential(text: string, callerKey: string): boolean {
  return (
    /secret|whsec_|[sr]k_[a-z]{2,12}_|\/inbox\/|scpat_|bearer|basic|token|passw|pwd=|api[_-]?key|eyJ/i.test(text) ||
    [callerKey, ...configuredKeys()].some((k) => k.length >= 8 && text.includes(k))
  );
}

/** A path or query string as stored: credentials cut. */
export function loggedText(query: string, callerKey = ""): string {
  return scrubCredentials(query, callerKey);
}

function capped(stored: string): string {
  if (stored.length <= MAX_LOGGED_BODY_BYTES / 4 || Buffer.byteLength(stored) <= MAX_LOGGED_BODY_BYTES) return stored;
  return Buffer.from(stored)
    .subarray(0, MAX_LOGGED_BODY_BYTES)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
}

/** A stored body as the API answers it: the JSON value, or the (cut) text when it is not whole JSON. */
export function bodyForWire(stored: string | null): unknown {
  if (stored === null) return null;
  try {
    return JSON.parse(stored);
  } catch {
    return stored;
  }
}
