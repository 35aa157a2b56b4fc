/**
 * The bank-identifier shapes (issue 45): per shape, the fields a destination of that shape
 * takes (in the form's order), which of them identify the account, and which are masked
 * wherever a call is shown. The destination form renders from this table, the destination
 * identity (destination-id.ts) and the masking (mask.ts) read it: a new shape in `BankShape`
 * does not compile until it has its entry here. Browser-safe, no schema library.
 */
import type { BankShape, FiatCurrency } from "./catalog";

export type BankFieldName =
  | "bank_name"
  | "account_type"
  | "routing_number"
  | "account_number"
  | "iban"
  | "bic"
  | "sort_code"
  | "clabe"
  | "bank_code"
  | "institution_number"
  | "transit_number";

/** How a field is typed: digits only, an IBAN (spaces allowed), free text, or the account-type choice. */
export type BankFieldInput = "digits" | "iban" | "text" | "account_type";

export type BankField = {
  name: BankFieldName;
  label: string;
  hint: string;
  required: boolean;
  input: BankFieldInput;
  /** A hint that differs for one currency of the shape. */
  hintFor?: Partial<Record<FiatCurrency, string>>;
  /** Spans both columns of the form. */
  wide?: boolean;
  /** Only for these currencies of the shape (GBP's sort code). */
  only?: readonly FiatCurrency[];
  /** The form reads it from another field when it can (a UK IBAN holds its sort code). */
  readFrom?: BankFieldName;
};

export type BankShapeSpec = {
  /** One line under the rail: what this shape is and what is checked. */
  hint: string;
  fields: readonly BankField[];
  /** The fields that together name one account, in order (the destination identity). */
  identity: readonly [BankFieldName, ...BankFieldName[]];
  /** The fields shown masked to their last four wherever a call is read. */
  masked: readonly [BankFieldName, ...BankFieldName[]];
};

const bankName = (required: boolean): BankField => ({
  name: "bank_name",
  label: "Bank name",
  hint: required ? "" : "Optional",
  required,
  input: "text",
});

export const BANK_SHAPES = {
  ABA: {
    hint: "US bank account: routing number checksum verified",
    fields: [
      bankName(true),
      { name: "account_type", label: "Account type", hint: "", required: true, input: "account_type" },
      { name: "routing_number", label: "Routing number", hint: "9 digits (ABA)", required: true, input: "digits" },
      { name: "account_number", label: "Account number", hint: "4 to 17 digits", required: true, input: "digits" },
    ],
    identity: ["routing_number", "account_number"],
    masked: ["account_number"],
  },
  IBAN: {
    hint: "IBAN: mod-97 check and country length verified",
    fields: [
      {
        name: "iban",
        label: "IBAN",
        hint: "Spaces are fine",
        hintFor: { GBP: "The UK account's IBAN: its sort code is read from it" },
        required: true,
        input: "iban",
        wide: true,
      },
      {
        name: "sort_code",
        label: "Sort code",
        hint: "Only if the IBAN is not a UK one: 6 digits",
        required: true,
        input: "digits",
        only: ["GBP"],
        readFrom: "iban",
      },
      { name: "bic", label: "BIC", hint: "Optional: 8 or 11 characters", required: false, input: "text" },
      bankName(false),
    ],
    identity: ["iban"],
    masked: ["iban"],
  },
  CLABE: {
    hint: "Mexican CLABE: 18 digits, check digit verified",
    fields: [{ name: "clabe", label: "CLABE", hint: "18 digits", required: true, input: "digits" }, bankName(false)],
    identity: ["clabe"],
    masked: ["clabe"],
  },
  NGN_ACCOUNT: {
    hint: "Nigerian account: 10-digit NUBAN, checked against the bank code",
    fields: [
      { name: "bank_code", label: "Bank code", hint: "3-digit CBN code, e.g. 058", required: true, input: "digits" },
      { name: "account_number", label: "Account number", hint: "10-digit NUBAN", required: true, input: "digits" },
      bankName(false),
    ],
    identity: ["bank_code", "account_number"],
    masked: ["account_number"],
  },
  CAD_EFT: {
    hint: "Canadian account (EFT): institution, transit and account numbers",
    fields: [
      {
        name: "institution_number",
        label: "Institution number",
        hint: "3 digits, e.g. 003",
        required: true,
        input: "digits",
      },
      {
        name: "transit_number",
        label: "Transit number",
        hint: "5 digits (the branch)",
        required: true,
        input: "digits",
      },
      { name: "account_number", label: "Account number", hint: "7 to 12 digits", required: true, input: "digits" },
      bankName(false),
    ],
    identity: ["institution_number", "transit_number", "account_number"],
    masked: ["account_number"],
  },
} as const satisfies Record<BankShape, BankShapeSpec>;

/** The fields of a shape the form shows for this currency (GBP's sort code only for GBP), with that currency's hints. */
export function fieldsFor(shape: BankShape, currency: string): readonly BankField[] {
  const spec: BankShapeSpec = BANK_SHAPES[shape];
  return spec.fields
    .filter((f) => !f.only || (f.only as readonly string[]).includes(currency))
    .map((f) => {
      const hint = f.hintFor?.[currency as FiatCurrency];
      return hint ? { ...f, hint } : f;
    });
}

/** Every field some shape masks ("iban", "account_number", "clabe"). */
export const MASKED_BANK_FIELDS: ReadonlySet<string> = new Set(
  Object.values(BANK_SHAPES).flatMap((s: BankShapeSpec) => s.masked),
);
