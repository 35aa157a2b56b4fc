/**
 * IBAN (mod-97 and per-country length and format, via ibantools), BIC and UK sort codes.
 */
import { isValidBIC, validateIBAN, ValidationErrorsIBAN } from "ibantools";

/**
 * Removes whitespace and upper-cases: the electronic format an IBAN is stored in. Other
 * separators (dashes, dots) are left in place, so they fail validation.
 */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** Why an IBAN is invalid, or null when it is valid. Accepts the printed format (spaces). */
export function ibanProblem(value: string): string | null {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return "is not an IBAN (2 letters, 2 check digits, account)";
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return null;
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return `has an unknown country ${iban.slice(0, 2)}`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return `has the wrong length for ${iban.slice(0, 2)}`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return `has the wrong format for ${iban.slice(0, 2)}`;
  return "fails the IBAN checksum";
}

export function isValidIban(value: string): boolean {
  return ibanProblem(value) === null;
}

/** The ISO country code of a valid IBAN, or null. */
export function ibanCountry(value: string): string | null {
  return isValidIban(value) ? normalizeIban(value).slice(0, 2) : null;
}

/** The sort code inside a valid GB IBAN (GBkk BANK 123456 12345678), or null. */
export function gbSortCodeFromIban(value: string): string | null {
  const iban = normalizeIban(value);
  return ibanCountry(iban) === "GB" ? iban.slice(8, 14) : null;
}

/** A UK sort code as people write it, "12-34-56", from any of its spellings (the console shows it one way). */
export function formatSortCode(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 6 ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : value;
}

/** BIC / SWIFT code: 4 bank letters, 2 country letters, 2 location, optional 3 branch. */
export function isValidBic(value: string): boolean {
  // ibantools checks the shape and that the country exists; the wire form is upper case.
  return /^[A-Z0-9]+$/.test(value) && isValidBIC(value);
}

/** UK sort code: exactly 6 digits, no dashes. */
export function isValidSortCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}
