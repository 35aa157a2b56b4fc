/**
 * A bank or wallet destination as a form holds it (wire-shaped, strings for inputs): the builder's
 * destination and a bank payee share it, so both forms render the same fields from BANK_SHAPES and
 * send the same wire object. Browser-safe.
 */
import { fieldsFor, type BankFieldName } from "@/lib/schemas/bank-shapes";
import { BANK_SHAPE_BY_CURRENCY, isFiat, type BankShape } from "@/lib/schemas/catalog";
import { sortCodeInGbIban } from "@/lib/dashboard/normalize-input";
import { countriesFor, railsFor } from "@/lib/dashboard/routes";

export type BeneficiaryValues = {
  type: "INDIVIDUAL" | "BUSINESS";
  first_name: string;
  last_name: string;
  business_name: string;
  email: string;
  phone: string;
  address: { country_code: string; street_line1: string; city: string; postal_code: string };
};

export type DestinationValues = {
  currency: string;
  rail: string;
  amount: string;
  is_third_party: boolean;
  wallet_address: string;
  beneficiary: BeneficiaryValues;
} & Record<BankFieldName, string>;

/** A form whose destination sits at `destination` (the builder, the payee form). */
export type WithDestination = { destination: DestinationValues };

export type DestinationShape = "CRYPTO" | BankShape;

export function destinationShape(currency: string): DestinationShape {
  if (isFiat(currency)) return BANK_SHAPE_BY_CURRENCY[currency];
  return "CRYPTO";
}

export const emptyDestination = (currency: string): DestinationValues => ({
  currency,
  rail: railsFor(currency)[0] ?? "",
  amount: "",
  is_third_party: false,
  wallet_address: "",
  bank_name: "",
  account_number: "",
  routing_number: "",
  account_type: "CHECKING",
  iban: "",
  bic: "",
  sort_code: "",
  clabe: "",
  bank_code: "",
  institution_number: "",
  transit_number: "",
  beneficiary: {
    type: "INDIVIDUAL",
    first_name: "",
    last_name: "",
    business_name: "",
    email: "",
    phone: "",
    address: { country_code: countriesFor(currency)[0] ?? "", street_line1: "", city: "", postal_code: "" },
  },
});

/** A fresh destination in `currency`, keeping the beneficiary's names (a person is the same whatever the currency) and the amount. */
export function withDestinationCurrency(dest: DestinationValues, currency: string): DestinationValues {
  const fresh = emptyDestination(currency);
  return {
    ...fresh,
    amount: dest.amount,
    beneficiary: {
      ...dest.beneficiary,
      address: { ...dest.beneficiary.address, country_code: fresh.beneficiary.address.country_code },
    },
  };
}

/** The beneficiary as the wire takes it: the names its type uses, the rest as typed (empties dropped later). */
export function beneficiaryToWire(b: BeneficiaryValues): Record<string, unknown> {
  return {
    type: b.type,
    ...(b.type === "INDIVIDUAL"
      ? { first_name: b.first_name, last_name: b.last_name }
      : { business_name: b.business_name }),
    email: b.email,
    phone: b.phone,
    address: b.address,
  };
}

/** A bank destination's account fields for its shape and currency (bank-shapes.ts); GBP's sort code as the UK IBAN holds it. */
export function bankFieldsToWire(shape: BankShape, d: DestinationValues): Record<string, string> {
  return Object.fromEntries(
    fieldsFor(shape, d.currency).map((f) => [
      f.name,
      f.name === "sort_code" ? (sortCodeInGbIban(d.iban) ?? d.sort_code) : d[f.name],
    ]),
  );
}

/**
 * A saved bank payee's destination in the form (its currency, rail, account fields and holder), over
 * `dest` (the amount kept). A payee saved before holders were kept fills its account only.
 */
export function destinationOfPayee(
  dest: DestinationValues,
  payee: { currency: string; destination: Record<string, unknown> | null },
): DestinationValues {
  const fresh = withDestinationCurrency(dest, payee.currency);
  const saved = payee.destination ?? {};
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const account = Object.fromEntries(
    Object.entries(saved).filter(([k, v]) => k in fresh && k !== "beneficiary" && typeof v === "string"),
  );
  const holder = (saved.beneficiary ?? null) as Record<string, unknown> | null;
  if (!holder) return { ...fresh, ...account, currency: payee.currency };
  const address = (holder.address ?? {}) as Record<string, unknown>;
  return {
    ...fresh,
    ...account,
    currency: payee.currency,
    beneficiary: {
      type: holder.type === "BUSINESS" ? "BUSINESS" : "INDIVIDUAL",
      first_name: text(holder.first_name),
      last_name: text(holder.last_name),
      business_name: text(holder.business_name),
      email: text(holder.email),
      phone: text(holder.phone),
      address: {
        country_code: text(address.country_code) || fresh.beneficiary.address.country_code,
        street_line1: text(address.street_line1),
        city: text(address.city),
        postal_code: text(address.postal_code),
      },
    },
  };
}
