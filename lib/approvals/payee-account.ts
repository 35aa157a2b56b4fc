/**
 * How a saved bank account reads (browser-safe, no schema library): the fields that name it, the
 * masked ones cut to their last four, and who holds it. The Payees page, the picker and the
 * payee book's export read it from here.
 */
import { BANK_SHAPES, type BankShapeSpec } from "@/lib/schemas/bank-shapes";
import { BANK_SHAPE_BY_CURRENCY, isFiat } from "@/lib/schemas/catalog";
import { maskTail } from "@/lib/schemas/mask";

type Saved = { currency: string; address: string; destination: Record<string, unknown> | null };

/** The fields that name the account, in the shape's order: "021000021 / 123456789", an IBAN, a CLABE. */
export function accountText(destination: { currency: string } & Record<string, unknown>): string {
  if (!isFiat(destination.currency)) return "";
  const spec: BankShapeSpec = BANK_SHAPES[BANK_SHAPE_BY_CURRENCY[destination.currency]];
  return spec.identity.map((f) => String(destination[f] ?? "")).join(" / ");
}

/** "Routing number 021000021 · Account number ••••6789"; an older IBAN payee: "IBAN ••••3000". */
export function maskedAccountLine(p: Saved): string {
  if (!p.destination || !isFiat(p.currency)) return `IBAN ${maskTail(p.address.replace(/\s/g, ""))}`;
  const spec: BankShapeSpec = BANK_SHAPES[BANK_SHAPE_BY_CURRENCY[p.currency]];
  const destination = p.destination;
  return spec.identity
    .map((name) => {
      const value = String(destination[name] ?? "").replace(/\s/g, "");
      const label = spec.fields.find((f) => f.name === name)?.label ?? name;
      return `${label} ${(spec.masked as readonly string[]).includes(name) ? maskTail(value) : value}`;
    })
    .join(" · ");
}

/** Who holds the account: a business's name, or a person's first and last; "" when not kept. */
export function holderName(destination: Record<string, unknown> | null): string {
  const b = destination?.beneficiary as Record<string, unknown> | undefined;
  if (!b) return "";
  if (b.type === "BUSINESS") return String(b.business_name ?? "");
  return [b.first_name, b.last_name].filter((v) => typeof v === "string" && v).join(" ");
}
