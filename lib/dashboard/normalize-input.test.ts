import { describe, expect, it } from "vitest";
import { isValidAbaRouting } from "@/lib/validators/aba";
import { bankDigits, compactIban, plainAmount, sortCodeInGbIban } from "./normalize-input";

describe("pasted bank details (walkthrough defect 6)", () => {
  it("drops spaces and dashes from bank numbers, and only when digits remain", () => {
    expect(bankDigits("021-000-021")).toBe("021000021");
    expect(bankDigits(" 021000021 ")).toBe("021000021");
    expect(bankDigits("032 180 000118359719")).toBe("032180000118359719");
    expect(isValidAbaRouting(bankDigits("021-000-021"))).toBe(true);
    expect(bankDigits(" 12a-45 ")).toBe("12a-45");
  });

  it("reads thousands separators in amounts, and leaves anything ambiguous alone", () => {
    expect(plainAmount("1,000")).toBe("1000");
    expect(plainAmount("12,500.50")).toBe("12500.50");
    expect(plainAmount(" 1 000 ")).toBe("1000");
    expect(plainAmount("1,5")).toBe("1,5");
    expect(plainAmount("1,00,000")).toBe("1,00,000");
  });

  it("compacts an IBAN and finds a GB IBAN's sort code", () => {
    expect(compactIban("gb29 nwbk 6016 1331 9268 19")).toBe("GB29NWBK60161331926819");
    expect(sortCodeInGbIban("GB29 NWBK 6016 1331 9268 19")).toBe("601613");
    expect(sortCodeInGbIban("DE89370400440532013000")).toBeNull();
  });
});
