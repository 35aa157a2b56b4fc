/**
 * How a call's destination is recognised in the address book (browser-safe, pure): a wallet by
 * its address (EVM addresses in lower case: their checksum is only letter case), a bank account
 * by its IBAN or CLABE (without spaces, upper case), or its account number with the bank's code.
 */
import type { ControlledAction } from "./rules";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === "string" && v.trim().length > 0 ? v.trim() : null);

export function walletKey(address: string): string {
  const a = address.trim();
  return `wallet:${/^0x[0-9a-fA-F]{40}$/.test(a) ? a.toLowerCase() : a}`;
}

export const bankKey = (iban: string): string => `bank:${iban.replace(/\s+/g, "").toUpperCase()}`;

/** The destination a controlled call pays to, as an address-book key; null when it names none the book can hold (a bank account without an IBAN). */
export function destinationKeyOf(action: ControlledAction, body: unknown): string | null {
  const b = obj(body);
  if (action === "payee" && b.kind === "bank") return str(b.address) ? bankKey(str(b.address) as string) : null;
  if (action === "settlement_request") {
    // A bank account by what identifies it: its IBAN, CLABE, or account number with its bank's code.
    const d = obj(b.destination);
    const iban = str(d.iban) ?? str(d.clabe);
    if (iban) return bankKey(iban);
    const account = str(d.account_number);
    if (account) {
      const bank = str(d.routing_number) ?? str(d.sort_code) ?? str(d.bank_code) ?? str(d.institution_number) ?? "";
      return bankKey(`${bank.replace(/\W/g, "")}/${account}`);
    }
  }
  const address =
    action === "disbursement"
      ? str(b.wallet_address)
      : action === "v1_payment"
        ? str(b.destination_wallet)
        : action === "settlement_request"
          ? str(obj(b.destination).wallet_address)
          : action === "payee"
            ? str(b.address)
            : null;
  return address ? walletKey(address) : null;
}
