import { describe, expect, it } from "vitest";

import { Dec } from "./decimal";
import { copyableAmount, formatMoney, formatRate } from "./format";

const nbsp = "\u00a0";

describe("copyableAmount", () => {
  it("copies the figures the screen shows, at the currency's precision, without grouping", () => {
    expect(copyableAmount("1000.00000000", "USDC")).toBe("1000.00");
    expect(copyableAmount("292.869152", "USDC")).toBe("292.869152");
    expect(copyableAmount("1234.5", "EUR")).toBe("1234.50");
    expect(copyableAmount("0.0000001", "USD")).toBe("0.0000001"); // never rounded away
  });
});

describe("formatMoney", () => {
  it.each([
    ["1234.5", "EUR", "€1,234.50"],
    ["1234.5", "USD", "$1,234.50"],
    ["1234.5", "GBP", "£1,234.50"],
    ["1234.5", "MXN", "MX$1,234.50"],
    ["1234.5", "NGN", `NGN${nbsp}1,234.50`],
    ["100.00000000", "USD", "$100.00"],
    ["-12", "USD", "-$12.00"],
    ["-0", "USD", "$0.00"],
    ["1234.5", "USDC", "1,234.50 USDC"],
    ["0.000001", "USDT", "0.000001 USDT"],
    ["2", "EURC", "2.00 EURC"],
    ["100.00000000", "USDC", "100.00 USDC"],
  ])("%s %s → %s", (amount, currency, out) => {
    expect(formatMoney(amount, currency)).toBe(out);
  });

  it("shows all 6 stablecoin decimals on request", () => {
    expect(formatMoney("1234.5", "USDC", { decimals: "full" })).toBe("1,234.500000 USDC");
  });

  it("never goes through a float", () => {
    expect(formatMoney("12345678901234567.89", "USD")).toBe("$12,345,678,901,234,567.89");
    expect(formatMoney(new Dec("90071992547409.93"), "EUR")).toBe("€90,071,992,547,409.93");
  });

  it("never hides decimals the value has", () => {
    expect(formatMoney("1.005", "USD")).toBe("$1.005");
    expect(formatMoney("1.0000001", "USDC")).toBe("1.0000001 USDC");
  });

  it("follows the locale", () => {
    expect(formatMoney("1234.5", "EUR", { locale: "de-DE" })).toBe(`1.234,50${nbsp}€`);
    expect(formatMoney("1234.5", "USDC", { locale: "de-DE" })).toBe("1.234,50 USDC");
    expect(formatMoney("1234.5", "USD", { currencyDisplay: "code" })).toBe(`USD${nbsp}1,234.50`);
  });

  it("shows a bad value as it is rather than throwing", () => {
    expect(formatMoney("abc", "USD")).toBe("abc USD");
    expect(formatMoney("1e5", "USD")).toBe("1e5 USD");
  });
});

describe("formatRate", () => {
  it("formats rates to significant digits", () => {
    expect(formatRate("0.86")).toBe("0.86");
    expect(formatRate("1475")).toBe("1,475");
    expect(formatRate("1.16279069767")).toBe("1.162790698");
    expect(formatRate("1.16279069767", { maximumSignificantDigits: 12 })).toBe("1.16279069767");
  });
  it("names the pair when given", () => {
    expect(formatRate("1475", { source: "USDC", destination: "NGN" })).toBe("1 USDC = 1,475 NGN");
    expect(formatRate("0.000677966101695", { source: "NGN", destination: "USDC" })).toBe(
      "1 NGN = 0.0006779661017 USDC",
    );
  });
});
