import { describe, expect, it } from "vitest";
import { isValidNgnBankCode, isValidNuban, nubanCheckDigit, nubanProblem } from "./nuban";

describe("NUBAN", () => {
  it("matches the CBN worked example (bank 011, serial 000001457 → check 9)", () => {
    expect(nubanCheckDigit("011", "000001457")).toBe(9);
    expect(isValidNuban("0000014579", "011")).toBe(true);
  });

  it("writes a check of 10 as 0", () => {
    // 011 + 000000000: 0×3 + 1×7 + 1×3 = 10 → 10 − 0 = 10 → 0
    expect(nubanCheckDigit("011", "000000000")).toBe(0);
    expect(isValidNuban("0000000000", "011")).toBe(true);
    expect(isValidNuban("0000000001", "011")).toBe(false);
  });

  it("6-digit codes use the same 3-7-3 run (zero-padded 3-digit codes agree)", () => {
    expect(nubanCheckDigit("000011", "000001457")).toBe(nubanCheckDigit("011", "000001457"));
    expect(isValidNuban("0000014579", "000011")).toBe(true);
  });

  it.each([
    ["0000014578", "011", "check digit"],
    ["0000014579", "058", "check digit"],
    ["000001457", "011", "10 digits"],
    ["00000145790", "011", "10 digits"],
    ["000001457a", "011", "10 digits"],
    ["0000014579", "11", "bank_code"],
    ["0000014579", "50211", "bank_code"],
  ])("rejects %s at bank %s (%s)", (account, bank, reason) => {
    expect(nubanProblem(account, bank)).toContain(reason);
  });

  it("bank codes are 3 or 6 digits", () => {
    expect(isValidNgnBankCode("058")).toBe(true);
    expect(isValidNgnBankCode("090267")).toBe(true);
    expect(isValidNgnBankCode("50211")).toBe(false);
    expect(isValidNgnBankCode("05a")).toBe(false);
  });
});
