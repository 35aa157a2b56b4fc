/**
 * One destination identity (issue 45, decisions D23.2): the account a call pays, as one string
 * that the payee book, the cooling-off and duplicate controls, batches and the dry run all
 * compare. A wallet by its address (EVM in lower case: its checksum is only letter case); a
 * bank account by its shape's identity fields (bank-shapes.ts), without spaces, in upper case,
 * joined by "/". Pure and browser-safe.
 */
import { BANK_SHAPES, type BankFieldName, type BankShapeSpec } from "./bank-shapes";
import { BANK_SHAPE_BY_CURRENCY, isFiat, type BankShape } from "./catalog";

export type DestinationId = `wallet:${string}` | `bank:${string}`;

/** A destination as the create schemas give it: a currency, and a wallet address or its bank fields. */
export type DestinationFields = { currency?: string; wallet_address?: string | null } & Partial<
  Record<BankFieldName, string | null>
>;

export function walletId(address: string): DestinationId {
  const a = address.trim();
  return `wallet:${/^0x[0-9a-fA-F]{40}$/.test(a) ? a.toLowerCase() : a}`;
}

const part = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** A bank account of this shape by its identity fields; null when one of them is missing. */
export function bankId(shape: BankShape, fields: Partial<Record<BankFieldName, string | null>>): DestinationId | null {
  const spec: BankShapeSpec = BANK_SHAPES[shape];
  const parts = spec.identity.map((name) => fields[name]?.trim() ?? "");
  return parts.every((p) => p.length > 0) ? `bank:${parts.map(part).join("/")}` : null;
}

/** An IBAN (a saved bank payee): the IBAN shape's identity. */
export const ibanId = (iban: string): DestinationId => `bank:${part(iban)}`;

/** The destination of a settlement request, a disbursement's wallet, a payee: whichever it names. */
export function destinationIdOf(destination: DestinationFields): DestinationId | null {
  const wallet = destination.wallet_address?.trim();
  if (wallet) return walletId(wallet);
  const currency = destination.currency ?? "";
  return isFiat(currency) ? bankId(BANK_SHAPE_BY_CURRENCY[currency], destination) : null;
}
