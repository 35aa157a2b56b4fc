import { describe, expect, it } from "vitest";
import { destinationIdOf } from "@/lib/schemas/destination-id";
import { holderName, maskedAccountLine } from "./payee-account";
import { payeeInputSchema } from "./payee-form";

const person = { type: "INDIVIDUAL", first_name: "Ada", last_name: "Obi", address: { country_code: "US" } };
const bank = (destination: Record<string, unknown>) => ({ name: "Acme", kind: "bank", destination });

/** One valid bank payee per shape the service pays, as the form and the CSV import send them. */
const valid = {
  ABA: {
    currency: "USD",
    rail: "ACH",
    bank_name: "Chase",
    account_type: "CHECKING",
    routing_number: "011000015",
    account_number: "123456789",
    beneficiary: person,
  },
  IBAN: { currency: "EUR", rail: "LOCAL", iban: "DE89 3704 0044 0532 0130 00", beneficiary: person },
  GBP: {
    currency: "GBP",
    rail: "LOCAL",
    iban: "GB29NWBK60161331926819",
    sort_code: "601613",
    beneficiary: { type: "BUSINESS", business_name: "Brit Ltd", address: { country_code: "GB" } },
  },
  CLABE: { currency: "MXN", rail: "LOCAL", clabe: "032180000118359719", beneficiary: person },
  NUBAN: { currency: "NGN", rail: "LOCAL", bank_code: "011", account_number: "0000014579", beneficiary: person },
  CAD: {
    currency: "CAD",
    rail: "LOCAL",
    institution_number: "003",
    transit_number: "12345",
    account_number: "1234567",
    beneficiary: { ...person, address: { country_code: "CA" } },
  },
};

const problems = (input: unknown) => {
  const parsed = payeeInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("a bank payee of every shape", () => {
  it("is checked by its currency's destination schema and named by the destination identity", () => {
    for (const [shape, destination] of Object.entries(valid)) {
      const parsed = payeeInputSchema.parse(bank({ ...destination, amount: "5", is_third_party: true }));
      expect(parsed.kind, shape).toBe("bank");
      expect(parsed.currency, shape).toBe(destination.currency);
      // The per-payment fields are not kept with the payee.
      expect(parsed.destination, shape).not.toHaveProperty("amount");
      expect(parsed.destination, shape).not.toHaveProperty("is_third_party");
      expect(destinationIdOf(parsed.destination ?? {}), shape).toBe(destinationIdOf(destination));
    }
  });

  it("refuses a bad account with the field's own message on its path", () => {
    expect(problems(bank({ ...valid.ABA, routing_number: "011000016" }))).toEqual([
      expect.stringMatching(/^destination\.routing_number: Routing number /),
    ]);
    expect(problems(bank({ ...valid.CLABE, clabe: "032180000118359710" }))).toEqual([
      expect.stringMatching(/^destination\.clabe: CLABE /),
    ]);
    expect(problems(bank({ ...valid.NUBAN, account_number: "0000014578" }))).toEqual([
      expect.stringMatching(/^destination\.account_number: Account number /),
    ]);
    expect(problems(bank({ ...valid.CAD, beneficiary: person }))).toEqual([
      "destination.beneficiary.address.country_code: CAD EFT payouts go to a beneficiary in CA",
    ]);
    expect(problems(bank({ ...valid.GBP, sort_code: "123456" }))).toEqual([
      "destination.sort_code: Sort code does not match the IBAN's (601613)",
    ]);
    // The holder is required, as the service requires a beneficiary for a fiat payout.
    const { beneficiary: _none, ...noHolder } = valid.IBAN;
    expect(problems(bank(noHolder))).toEqual([expect.stringMatching(/^destination\.beneficiary: /)]);
    expect(problems(bank({ ...valid.IBAN, currency: "USDC" }))).toEqual([
      "destination.currency: A bank payee is paid in USD, EUR, GBP, MXN, NGN, CAD",
    ]);
  });

  it("reads masked, with its holder, wherever it is listed", () => {
    const parsed = payeeInputSchema.parse(bank(valid.ABA));
    const row = { currency: parsed.currency, address: parsed.address, destination: parsed.destination ?? null };
    expect(parsed.address).toBe("011000015 / 123456789");
    expect(maskedAccountLine(row)).toBe("Routing number 011000015 · Account number ••••6789");
    expect(holderName(row.destination)).toBe("Ada Obi");
    // A payee saved before holders were kept: its IBAN, masked.
    expect(maskedAccountLine({ currency: "EUR", address: "DE89370400440532013000", destination: null })).toBe(
      "IBAN ••••3000",
    );
  });
});

describe("a wallet payee", () => {
  it("needs a stablecoin on a chain it is on, and an address of that chain", () => {
    const ok = {
      name: "T",
      kind: "wallet",
      currency: "USDC",
      chain: "ETHEREUM",
      address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    };
    expect(payeeInputSchema.parse(ok).destination).toBeUndefined();
    expect(problems({ ...ok, chain: "TRON", currency: "EURC" })).toEqual(["chain: EURC is not on this chain"]);
    expect(problems({ ...ok, address: "0x123" })[0]).toMatch(/^address: Wallet address /);
    expect(problems({ ...ok, kind: "cheque" })).toEqual(["kind: Choose a wallet or a bank account"]);
  });
});
