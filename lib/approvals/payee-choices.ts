/**
 * The payee book's choices (browser-safe, no schema library): the bank currencies it keeps and
 * the cooling-off periods an administrator picks from. The Payees page ships these without zod.
 */
import { BANK_SHAPE_BY_CURRENCY, FIAT_CURRENCIES } from "@/lib/schemas/catalog";

/** The bank currencies whose accounts the book keeps: those paid to an IBAN. */
export const IBAN_CURRENCIES = FIAT_CURRENCIES.filter((c) => BANK_SHAPE_BY_CURRENCY[c] === "IBAN");

export const COOLING_OFF_CHOICES = [
  { minutes: 0, label: "None" },
  { minutes: 60, label: "1 hour" },
  { minutes: 240, label: "4 hours" },
  { minutes: 1_440, label: "24 hours" },
  { minutes: 2_880, label: "48 hours" },
] as const;
