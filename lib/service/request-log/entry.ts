import "server-only";
import { maskTail, MASK_PREFIX } from "@/lib/schemas/mask";

/** Bodies are kept up to this many bytes each (decision D11.1). */
export const MAX_LOGGED_BODY_BYTES = 16 * 1024;
const MASKED_FIELDS = new Set(["account_number", "iban", "clabe"]);

/** A copy of a JSON value with bank identifiers masked as responses mask them. */
export function maskBankIdentifiers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskBankIdentifiers);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = MASKED_FIELDS.has(key) && typeof v === "string" && !v.startsWith(MASK_PREFIX) ? maskTail(v) : maskBankIdentifiers(v);
  }
  return out;
}

/** A response body as stored: responses already mask bank identifiers (decision D5.5), so as sent, cut to 16 KiB. */
export function loggedResponseBody(text: string): string | null {
  if (text === "") return null;
  return capped(text.replaceAll("\u0000", "\\u0000"));
}

function capped(stored: string): string {
  if (stored.length <= MAX_LOGGED_BODY_BYTES / 4 || Buffer.byteLength(stored) <= MAX_LOGGED_BODY_BYTES) return stored;
  return Buffer.from(stored).subarray(0, MAX_LOGGED_BODY_BYTES).toString("utf8").replace(/\uFFFD$/, "");
}

/** A request body as stored: masked JSON when it parses, cut to 16 KiB; null when empty. */
export function loggedRequestBody(text: string): string | null {
  if (text === "") return null;
  let stored = text;
  try {
    stored = JSON.stringify(maskBankIdentifiers(JSON.parse(text)));
  } catch {
    // not JSON: kept as sent, NULs spelled out (PostgreSQL text refuses them); the cap still applies
    stored = text.replaceAll("\u0000", "\\u0000");
  }
  return capped(stored);
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
