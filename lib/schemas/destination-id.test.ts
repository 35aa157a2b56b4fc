import { describe, expect, it } from "vitest";
import { payeeOf } from "@/lib/batches/rows";
import { CONTROLLED_ACTION_TABLE } from "@/lib/instance/controlled-actions";
import { destinationOfCall } from "@/lib/approvals/controlled-action";
import { BANK_SHAPES, type BankShapeSpec } from "./bank-shapes";
import type { BankShape } from "./catalog";
import { bankId, destinationIdOf, ibanId, walletId } from "./destination-id";

const evm = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const beneficiary = {
  type: "INDIVIDUAL",
  first_name: "Ada",
  last_name: "Obi",
  address: { country_code: "NG", street_line1: "1 Marina", city: "Lagos", postal_code: "100001" },
};

/** Valid create bodies, one per bank shape and a wallet, as the builder and a batch file send them. */
const requests = {
  wallet: { currency: "USDC", rail: "ETHEREUM", wallet_address: evm },
  ABA: {
    currency: "USD",
    rail: "ACH",
    bank_name: "Chase",
    account_type: "CHECKING",
    routing_number: "011000015",
    account_number: "123456789",
    beneficiary,
  },
  IBAN: { currency: "EUR", rail: "LOCAL", iban: "DE89 3704 0044 0532 0130 00", beneficiary },
  CLABE: { currency: "MXN", rail: "LOCAL", clabe: "032180000118359719", beneficiary },
  NGN_ACCOUNT: { currency: "NGN", rail: "LOCAL", bank_code: "011", account_number: "0000014579", beneficiary },
  CAD_EFT: {
    currency: "CAD",
    rail: "LOCAL",
    institution_number: "003",
    transit_number: "12345",
    account_number: "1234567",
    beneficiary: { ...beneficiary, address: { ...beneficiary.address, country_code: "CA" } },
  },
} as const;

const request = (destination: { currency: string }) =>
  destination.currency === "USDC"
    ? { type: "STABLECOIN_TO_STABLECOIN", payment_reason: "PURCHASE_OF_GOODS", amount: "100", destination }
    : {
        type: "STABLECOIN_TO_FIAT",
        payment_reason: "PURCHASE_OF_GOODS",
        source: { currency: "USDC", rail: "ETHEREUM", wallet_address: evm },
        destination: { ...destination, amount: "100" },
      };

describe("one destination identity (issue 45)", () => {
  it("names a wallet by its address, an EVM one whatever its letter case", () => {
    expect(walletId(evm)).toBe(walletId(` ${evm.toLowerCase()} `));
    expect(walletId("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).not.toBe(
      walletId("epjfwdd5aufqssqem2qn1xzybapc8g4wegGkzwytdt1v"),
    );
  });

  it("names a bank account by its shape's identity fields: the branch too, for a Canadian one", () => {
    expect(destinationIdOf(requests.ABA)).toBe("bank:011000015/123456789");
    expect(destinationIdOf(requests.IBAN)).toBe(ibanId("de89370400440532013000"));
    expect(destinationIdOf(requests.CLABE)).toBe("bank:032180000118359719");
    expect(destinationIdOf(requests.NGN_ACCOUNT)).toBe("bank:011/0000014579");
    expect(destinationIdOf(requests.CAD_EFT)).toBe("bank:003/12345/1234567");
    expect(destinationIdOf({ ...requests.CAD_EFT, transit_number: "54321" })).not.toBe(
      destinationIdOf(requests.CAD_EFT),
    );
    expect(bankId("ABA", { routing_number: "011000015" })).toBeNull();
    expect(destinationIdOf({ currency: "USD" })).toBeNull();
  });

  it("is the same account for the payee book, the controls and a batch row", () => {
    for (const [name, destination] of Object.entries(requests)) {
      const body = request(destination);
      const control = destinationOfCall(CONTROLLED_ACTION_TABLE, "settlement_request", body);
      expect(control, name).not.toBeNull();
      expect(payeeOf("settlement_request", body), name).toBe(control);
    }
    const disbursement = { wallet_address: evm, amount: "10", currency: "USDC", chain: "ETHEREUM" };
    expect(destinationOfCall(CONTROLLED_ACTION_TABLE, "disbursement", disbursement)).toBe(walletId(evm));
    expect(payeeOf("disbursement", disbursement)).toBe(walletId(evm));
    // A saved bank payee of every shape names the account a request to it pays.
    for (const shape of ["ABA", "IBAN", "CLABE", "NGN_ACCOUNT", "CAD_EFT"] as const) {
      const payee = { name: "Acme", kind: "bank", destination: requests[shape] };
      expect(destinationOfCall(CONTROLLED_ACTION_TABLE, "payee", payee), shape).toBe(destinationIdOf(requests[shape]));
    }
  });

  it("a call its schema refuses names no account", () => {
    expect(
      destinationOfCall(CONTROLLED_ACTION_TABLE, "settlement_request", { destination: { currency: "EUR" } }),
    ).toBeNull();
  });
});

describe("the bank-shape catalogue", () => {
  it("lists, for every shape, identity and masked fields among its own fields", () => {
    for (const [shape, spec] of Object.entries(BANK_SHAPES) as Array<[BankShape, BankShapeSpec]>) {
      const names = new Set(spec.fields.map((f) => f.name));
      for (const f of [...spec.identity, ...spec.masked]) expect(names.has(f), `${shape}.${f}`).toBe(true);
    }
  });

  it("does not compile a shape without its entry", () => {
    // @ts-expect-error a bank shape the catalogue does not list ("BSB") fails tsc: Property 'BSB' is missing
    const shapes: Record<BankShape | "BSB", BankShapeSpec> = BANK_SHAPES;
    expect(Object.keys(shapes)).toHaveLength(5);
  });
});
