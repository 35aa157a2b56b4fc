/**
 * What people paste, made into what the API takes, where the format allows it (browser-safe).
 * Forms apply these when a field loses focus and show the result, so the person sees exactly
 * what will be sent. Anything that does not become a clean value is left as typed (trimmed), for
 * the field's own check to explain.
 */

/** Bank numbers written with spaces or dashes: "021-000-021", " 021000021 ", "032 180 000118359719". */
export function bankDigits(value: string): string {
  const compact = value.trim().replace(/[\s\u00a0-]/g, "");
  return /^\d+$/.test(compact) ? compact : value.trim();
}

/** An amount with thousands separators ("1,000", "12,500.50", "1 000"): the digits and the point. */
export function plainAmount(value: string): string {
  const compact = value.trim().replace(/[\s\u00a0]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(compact)) return compact.replace(/,/g, "");
  return compact;
}

/** A wallet address pasted with spaces or line breaks (from a PDF, a chat): the characters alone. */
export function compactWallet(value: string): string {
  return value.replace(/[\s\u00a0\u200b]/g, "");
}

/** An IBAN as the API takes it: no spaces, upper case. */
export function compactIban(value: string): string {
  return value.replace(/[\s\u00a0-]/g, "").toUpperCase();
}

/** The sort code inside a GB IBAN (GBkk BANK 123456 12345678), without checking the IBAN (the schema does). */
export function sortCodeInGbIban(value: string): string | null {
  const iban = compactIban(value);
  return /^GB\d{2}[A-Z]{4}\d{14}$/.test(iban) ? iban.slice(8, 14) : null;
}
