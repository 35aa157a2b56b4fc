import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";

import {
  atCurrencyPlaces,
  Dec,
  decimalsOf,
  exceedsPrecision,
  fromJsonNumber,
  hasMoreDecimalsThan,
  isDecimalString,
  parseDecimal,
  precisionOf,
  roundCeil,
  roundDown,
  roundHalfUp,
  roundSignificant,
  sum,
  toCanonical,
  toCurrencyString,
  toDec,
  toJsonNumber,
  toPlainString,
  unitOf,
} from "./decimal";

describe("Dec", () => {
  it("keeps 50 significant digits", () => {
    expect(new Dec(1).dividedBy(3).toString()).toBe(`0.${"3".repeat(50)}`);
  });
  it("never prints exponents", () => {
    expect(new Dec("0.00000001").toString()).toBe("0.00000001");
    expect(new Dec("1e30").toString()).toBe("1000000000000000000000000000000");
  });
  it("re-creates decimals of another clone so they compute at our precision", () => {
    const d = toDec(new Decimal("1"));
    expect(d.dividedBy(3).toString()).toHaveLength(52);
  });
});

describe("parsing", () => {
  it.each(["0", "1", "-1.5", "100.00000000", "007.10"])("accepts %s", (s) => {
    expect(isDecimalString(s)).toBe(true);
    expect(parseDecimal(s)?.eq(new Dec(s))).toBe(true);
  });
  it.each(["", " 1", "1 ", "1e5", "0x10", "Infinity", "NaN", "1.", ".5", "+1", "1,5", "--1"])("rejects %j", (s) => {
    expect(isDecimalString(s)).toBe(false);
    expect(parseDecimal(s)).toBeNull();
    expect(() => toDec(s)).toThrow(RangeError);
  });
  it("takes JSON numbers through their shortest spelling", () => {
    expect(fromJsonNumber(100.1).toString()).toBe("100.1");
    expect(fromJsonNumber(0.1).plus(fromJsonNumber(0.2)).toString()).toBe("0.3");
    expect(fromJsonNumber(1e-9).toString()).toBe("0.000000001");
    expect(() => fromJsonNumber(Number.NaN)).toThrow(RangeError);
    expect(() => fromJsonNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
  it("gives JSON numbers that print the same digits", () => {
    expect(JSON.stringify(toJsonNumber("0.000677966101695"))).toBe("0.000677966101695");
    expect(JSON.stringify(toJsonNumber("1.16279069767"))).toBe("1.16279069767");
    expect(toJsonNumber("144845.00")).toBe(144845);
  });
});

describe("precision", () => {
  it("fiat to its minor unit, stablecoins to 6", () => {
    expect(["USD", "EUR", "GBP", "MXN", "NGN", "CAD"].map(precisionOf)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(["USDC", "USDT", "EURC"].map(precisionOf)).toEqual([6, 6, 6]);
    expect(() => precisionOf("XYZ")).toThrow(RangeError);
    expect(unitOf("USD").toString()).toBe("0.01");
    expect(unitOf("USDC").toString()).toBe("0.000001");
  });
  it("knows when an amount is finer than its currency", () => {
    expect(exceedsPrecision("100.00000000", "USD")).toBe(false);
    expect(exceedsPrecision("100.001", "USD")).toBe(true);
    expect(exceedsPrecision("100.000001", "USDC")).toBe(false);
    expect(exceedsPrecision("100.0000001", "USDC")).toBe(true);
  });
});

describe("rounding", () => {
  it.each([
    ["1.005", 2, "1.01", "1", "1.01"],
    ["1.004999", 2, "1", "1", "1.01"],
    ["-1.005", 2, "-1.01", "-1", "-1"],
    ["2.5", 0, "3", "2", "3"],
    ["0.0000005", 6, "0.000001", "0", "0.000001"],
    ["12.3", 2, "12.3", "12.3", "12.3"],
  ] as const)("%s at %i dp: half up %s, down %s, ceil %s", (x, dp, halfUp, down, ceil) => {
    expect(roundHalfUp(x, dp).toString()).toBe(halfUp);
    expect(roundDown(x, dp).toString()).toBe(down);
    expect(roundCeil(x, dp).toString()).toBe(ceil);
  });
  it("rounds to significant digits", () => {
    expect(roundSignificant(new Dec(1).dividedBy("0.86"), 12).toString()).toBe("1.16279069767");
    expect(roundSignificant("0.00067796610169491525", 12).toString()).toBe("0.000677966101695");
    expect(roundSignificant("1475", 12).toString()).toBe("1475");
  });
});

describe("decimals", () => {
  it("counts written decimals of strings, trailing zeros included", () => {
    expect(decimalsOf("100.00000000")).toBe(8);
    expect(hasMoreDecimalsThan("100.00000000", 8)).toBe(false);
    expect(hasMoreDecimalsThan("1.000000000", 8)).toBe(true);
    expect(hasMoreDecimalsThan("0.123456789", 8)).toBe(true);
    expect(hasMoreDecimalsThan("12", 0)).toBe(false);
  });
  it("counts numeric decimals of Decimals", () => {
    expect(decimalsOf(new Dec("1.50"))).toBe(1);
    expect(hasMoreDecimalsThan(new Dec("0.000000001"), 8)).toBe(true);
  });
});

describe("wire strings", () => {
  it.each([
    ["100", "100.00000000"],
    ["0.1", "0.10000000"],
    ["12345678901234567890.12345678", "12345678901234567890.12345678"],
    ["1.00000000000", "1.00000000"],
    ["-5.5", "-5.50000000"],
  ])("canonical %s → %s", (x, out) => {
    expect(toCanonical(x)).toBe(out);
  });
  it("never rounds into the canonical form", () => {
    expect(() => toCanonical("0.000000001")).toThrow(RangeError);
  });
  it("prints amounts at their currency's precision", () => {
    expect(toCurrencyString("1234.5", "EUR")).toBe("1234.50");
    expect(toCurrencyString("12", "USDC")).toBe("12.000000");
    expect(toCurrencyString("12.00000000", "USD")).toBe("12.00");
    expect(() => toCurrencyString("0.001", "USD")).toThrow(RangeError);
  });
  it("prints plain strings and sums exactly", () => {
    expect(toPlainString(new Dec("1e-10"))).toBe("0.0000000001");
    expect(sum(["0.1", "0.2", new Dec("0.30000000")]).toString()).toBe("0.6");
    expect(sum([]).toString()).toBe("0");
  });
});

describe("atCurrencyPlaces (issue 57: every amount in a file at its currency's places)", () => {
  it.each([
    ["1250.00000000", "USD", "1250.00"],
    ["-300", "USD", "-300.00"],
    ["410.00000000", "EUR", "410.00"],
    ["808.08080800", "USDC", "808.080808"],
    ["0.1", "NGN", "0.10"],
    ["12.345", "USD", "12.345"], // finer than the currency: every digit kept, never rounded
    ["7", "XYZ", "7"],
  ])("%s %s → %s", (amount, currency, written) => {
    expect(atCurrencyPlaces(amount, currency)).toBe(written);
  });

  it("writes a JSON number fee through its shortest spelling, and empty as empty", () => {
    expect(atCurrencyPlaces(1.4, "USD")).toBe("1.40");
    expect(atCurrencyPlaces(0.1 + 0.2, "USD")).toBe("0.30000000000000004");
    expect(atCurrencyPlaces(null, "USD")).toBeNull();
    expect(atCurrencyPlaces("", "USD")).toBeNull();
  });
});
