/**
 * A field's name for a person, from its wire path (browser-safe, no zod): used by zod's error map
 * (messages.ts) and by the forms that put a schema's message under its field.
 */

/** "destination.routing_number" → "Routing number"; "sourceAmount" → "Source amount"; "" → "The body". */
export function fieldLabel(path: readonly PropertyKey[] | string): string {
  const parts = (typeof path === "string" ? path.split(".") : path.map((p) => (typeof p === "symbol" ? "" : String(p)))).filter(
    (p) => p !== "" && !/^\d+$/.test(p),
  );
  const last = parts.at(-1);
  if (!last) return "The body";
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  const label = words.replace(/\b(iban|bic|clabe|nuban|id|url|evm)\b/g, (w) => (w === "id" ? "ID" : w.toUpperCase()));
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A schema's own "Must be …" under a form field, with the field named: "Country code must be …". */
export function namedMessage(path: string, message: string): string {
  return /^(Must|Should|Is|Has|Needs|Cannot|Can't|Not)\b/.test(message)
    ? `${fieldLabel(path)} ${message.charAt(0).toLowerCase()}${message.slice(1)}`
    : message;
}
