import { describe, expect, it } from "vitest";
import {
  gbSortCodeFromIban,
  ibanCountry,
  ibanProblem,
  isValidBic,
  isValidIban,
  isValidSortCode,
  normalizeIban,
} from "./iban";

describe("IBAN", () => {
  it.each([
    ["DE89370400440532013000", "DE"],
    ["GB82WEST12345698765432", "GB"],
    ["FR1420041010050500013M02606", "FR"],
    ["NL91ABNA0417164300", "NL"],
    ["GB82 WEST 1234 5698 7654 32", "GB"],
    ["de89 3704 0044 0532 0130 00", "DE"],
  ])("accepts %s (%s)", (iban, country) => {
    expect(isValidIban(iban)).toBe(true);
    expect(ibanCountry(iban)).toBe(country);
  });

  it.each([
    ["DE89370400440532013001", "checksum"],
    ["DE88370400440532013000", "checksum"],
    ["GB82WEST12345698765431", "checksum"],
    ["DE8937040044053201300", "wrong length for DE"],
    ["DE893704004405320130000", "wrong length for DE"],
    ["XX89370400440532013000", "unknown country XX"],
    ["", "not an IBAN"],
    ["1234", "not an IBAN"],
    ["DE89-3704-0044-0532-0130-00", "not an IBAN"],
  ])("rejects %s (%s)", (iban, reason) => {
    expect(isValidIban(iban)).toBe(false);
    expect(ibanProblem(iban)).toContain(reason);
    expect(ibanCountry(iban)).toBeNull();
  });

  it("normalizes to the electronic format", () => {
    expect(normalizeIban(" gb82 west 1234 5698 7654 32 ")).toBe("GB82WEST12345698765432");
  });

  it("extracts the sort code of a GB IBAN only", () => {
    expect(gbSortCodeFromIban("GB82WEST12345698765432")).toBe("123456");
    expect(gbSortCodeFromIban("DE89370400440532013000")).toBeNull();
  });
});

describe("BIC and sort code", () => {
  it.each(["DEUTDEFF", "DEUTDEFF500", "NWBKGB2L", "COBADEFFXXX"])("accepts BIC %s", (bic) => {
    expect(isValidBic(bic)).toBe(true);
  });
  it.each(["DEUTDEF", "DEUTDEFF50", "deutdeff", "DEU1DEFF", "DEUTD3FF", "DEUTDEFF5000"])("rejects BIC %s", (bic) => {
    expect(isValidBic(bic)).toBe(false);
  });
  it.each([
    ["123456", true],
    ["12-34-56", false],
    ["12345", false],
    ["1234567", false],
    ["12345a", false],
  ])("sort code %s → %s", (code, ok) => {
    expect(isValidSortCode(code)).toBe(ok);
  });
});
