import { describe, expect, it } from "vitest";
import { FIAT_CURRENCIES } from "@/lib/schemas/catalog";
import { depositAccount } from "./payment-instructions";

// issue 35, finding 16: production instructions named "Settlement Sandbox Bank, N.A."
describe("the collection bank in payment instructions", () => {
  it("is the sandbox bank in sandbox and the configured production bank in production, for every fiat currency", () => {
    for (const currency of FIAT_CURRENCIES) {
      expect(depositAccount(currency, "sandbox").bank_name).toMatch(/Sandbox/);
      expect(depositAccount(currency, "production").bank_name).not.toMatch(/Sandbox/);
      expect(depositAccount(currency, "production").bank_name).toMatch(/^Settlement Clearing Bank/);
      expect(depositAccount(currency, "production", "Acme Trust").bank_name).toMatch(/^Acme Trust/);
    }
    expect(depositAccount("USD", "production").bank_name).toBe("Settlement Clearing Bank, N.A.");
  });
});
