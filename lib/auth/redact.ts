/**
 * Makes a text safe for the audit trail: no API key, webhook secret, bearer token or password
 * survives, only a recognisable prefix. Pure and browser-safe (tested in redact.test.ts).
 */
const RULES: ReadonlyArray<[RegExp, (match: string, ...groups: string[]) => string]> = [
  // API keys: keep the listed prefix (the first 14 characters, as the keys page shows them).
  [/\bsk_(?:test|live)_[A-Za-z0-9_-]+/g, (m) => `${m.slice(0, 14)}…`],
  [/\bwhsec_[A-Za-z0-9_+/=-]+/g, () => "whsec_…"],
  [/\b(?:bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, (m) => `${m.split(/\s+/)[0]} …`],
  [/\b(password|passwd|secret|token|api[_-]?key)(\s*[=:]\s*)\S+/gi, (_m, name, separator) => `${name}${separator}…`],
];
/** Anything else that looks like a random credential: 32+ url-safe characters in a row. */
const LONG_TOKEN = /[A-Za-z0-9_+/=-]{32,}/g;

/**
 * `ids: true` for record ids (32-character random ids are fine there); free text also loses
 * every long random-looking token.
 */
export function redact(text: string, maxLength = 200, options: { ids?: boolean } = {}): string {
  let out = text;
  for (const [pattern, replace] of RULES) out = out.replace(pattern, replace);
  if (!options.ids) out = out.replace(LONG_TOKEN, "[redacted]");
  out = out.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  return out.length > maxLength ? `${out.slice(0, maxLength - 1)}…` : out;
}

const ID_SHAPE = /^[A-Za-z0-9_.:@-]{1,128}$/;
const ID_FIELDS = [
  "id",
  "requestId",
  "settlementRequestId",
  "paymentId",
  "disbursementId",
  "webhookId",
  "userId",
  "keyId",
  "external_id",
] as const;

function pickId(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const field of ID_FIELDS) {
    const candidate = record[field];
    if (typeof candidate === "string" && ID_SHAPE.test(candidate)) return candidate;
  }
  return null;
}

/**
 * The record an action touched: the id in its answer (a created request), else the id in its
 * input (an update). Only id-shaped strings, and never a key (redacted like any text).
 */
export function targetIdOf(input: unknown, data?: unknown): string | null {
  const id = pickId(data) ?? pickId(input);
  return id === null ? null : redact(id, 128, { ids: true });
}
