/**
 * Canonical JSON (RFC 8785, JCS) for the values an audit entry holds: objects with their keys
 * sorted by UTF-16 code units, strings and numbers as ECMAScript's JSON.stringify writes them
 * (which is what JCS specifies), no whitespace. Times are integers (milliseconds, the precision
 * stored), so no float ever needs JCS's number rules beyond that (issue 47, decisions D22.2).
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function canonicalJson(value: Json): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("canonical JSON has no NaN or Infinity");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys
    .filter((k) => value[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as Json)}`)
    .join(",")}}`;
}
