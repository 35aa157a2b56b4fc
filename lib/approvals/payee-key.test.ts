import { describe, expect, it } from "vitest";
import { bankKey, destinationKeyOf, walletKey } from "./payee-key";

describe("recognising a saved payee in a call", () => {
  it("keys a wallet by its address, EVM addresses whatever their letter case", () => {
    expect(walletKey("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(
      walletKey(" 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed "),
    );
    expect(walletKey("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).not.toBe(
      walletKey("epjfwdd5aufqssqem2qn1xzybapc8g4wegGkzwytdt1v"),
    );
  });

  it("finds the destination of each controlled call: a wallet by address, a bank account by IBAN, CLABE or account and bank code", () => {
    const evm = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    expect(destinationKeyOf("disbursement", { wallet_address: evm })).toBe(walletKey(evm));
    expect(destinationKeyOf("v1_payment", { destination_wallet: evm })).toBe(walletKey(evm));
    expect(destinationKeyOf("settlement_request", { destination: { wallet_address: evm } })).toBe(walletKey(evm));
    expect(destinationKeyOf("payee", { address: evm })).toBe(walletKey(evm));
    expect(destinationKeyOf("settlement_request", { destination: { iban: "DE89 3704 0044 0532 0130 00" } })).toBe(
      bankKey("DE89370400440532013000"),
    );
    expect(destinationKeyOf("payee", { kind: "bank", address: "de89370400440532013000" })).toBe(
      "bank:DE89370400440532013000",
    );
    expect(
      destinationKeyOf("settlement_request", {
        destination: { account_number: "123456789", routing_number: "021000021" },
      }),
    ).toBe("bank:021000021/123456789");
    expect(
      destinationKeyOf("settlement_request", { destination: { account_number: "0000014579", bank_code: "058" } }),
    ).toBe("bank:058/0000014579");
    expect(destinationKeyOf("settlement_request", { destination: { currency: "USD" } })).toBeNull();
  });
});
