/**
 * A field's name for a person, from its wire path (browser-safe, no zod): used by zod's error map
 * (messages.ts) and by the forms that put a schema's message under its field.
 */

/** "destination.routing_number" → "Routing number"; "sourceAmount" → "Source amount"; "" → "The body". */
export function fieldLabel(path: readonly PropertyKey[] | string): string {
  const parts = (
    typeof path === "string" ? path.split(".") : path.map((p) => (typeof p === "symbol" ? "" : String(p)))
  ).filter((p) => p !== "" && !/^\d+$/.test(p));
  const last = parts.at(-1);
  if (!last) return "The body";
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .replace(/^tx\b/, "transaction");
  const label = words.replace(/\b(iban|bic|clabe|nuban|id|url|evm)\b/g, (w) => (w === "id" ? "ID" : w.toUpperCase()));
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A schema's own "Must be …" under a form field, with the field named: "Country code must be …". */
export function namedMessage(path: string, message: string): string {
  return /^(Must|Should|Is|Has|Needs|Cannot|Can't|Not)\b/.test(message)
    ? `${fieldLabel(path)} ${message.charAt(0).toLowerCase()}${message.slice(1)}`
    : message;
}

/**
 * A validation failure as a person reads it: the first problem under its field's name, never
 * the wire path ("sourceAmount: sourceAmount must be…", "body.txHash: …"), a metadata key named
 * as such (issue 35, finding 7).
 */
export function readableValidation(details: ReadonlyArray<{ path: string; message: string }>): string | null {
  const first = details[0];
  if (!first) return null;
  const parts = first.path.replace(/^(body|query|params)\./, "").split(".");
  const last = parts.at(-1) ?? "";
  const label = parts[0] === "metadata" && parts.length > 1 ? `Metadata "${last}"` : fieldLabel(parts.join("."));
  let message = first.message.startsWith(`${last} `) ? first.message.slice(last.length + 1) : first.message;
  message = message.charAt(0).toLowerCase() + message.slice(1);
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return `${label}: ${message}${more}`;
}
