import { describe, expect, it } from "vitest";
import { amountInput, canonicalAmount, parseAmount, settlementAmountInput } from "./amount";

describe("parseAmount", () => {
  it.each([
    [100, "100.00000000"],
    ["100", "100.00000000"],
    ["0.1", "0.10000000"],
    [0.1, "0.10000000"],
    ["12345.12345678", "12345.12345678"],
    [0.0000001, "0.00000010"], // 1e-7 as a JSON number
    ["000123.40", "123.40000000"],
    ["0", "0.00000000"],
    ["999999999999999.99999999", "999999999999999.99999999"],
  ])("%j → %s", (input, out) => {
    expect(parseAmount(input)).toEqual({ ok: true, value: out });
  });

  it.each([
    ["1.123456789", "at most 8 decimal"],
    [0.1 + 0.2, "at most 8 decimal"], // 0.30000000000000004
    ["-1", "negative"],
    [-1, "negative"],
    [-0, "negative"],
    ["1e5", "exponent"],
    ["1E5", "exponent"],
    ["NaN", "decimal number"],
    [Number.NaN, "finite"],
    [Number.POSITIVE_INFINITY, "finite"],
    ["Infinity", "decimal number"],
    ["", "decimal number"],
    [" 1", "decimal number"],
    ["1,5", "decimal number"],
    ["+1", "decimal number"],
    [".5", "decimal number"],
    ["5.", "decimal number"],
    ["0x10", "decimal number"],
    ["1000000000000000", "below 1,000,000,000,000,000"],
    [2 ** 60, "send it as a string"],
    [true, "number or a decimal string"],
    [null, "number or a decimal string"],
  ])("%j fails (%s)", (input, reason) => {
    const r = parseAmount(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(reason);
  });

  it("applies min, positive and maxDecimals", () => {
    expect(parseAmount("0.01", { min: "0.01" }).ok).toBe(true);
    expect(parseAmount("0.00999999", { min: "0.01" }).ok).toBe(false);
    expect(parseAmount("0", { positive: true }).ok).toBe(false);
    expect(parseAmount("0.000001", { maxDecimals: 6 }).ok).toBe(true);
    expect(parseAmount("0.0000001", { maxDecimals: 6 }).ok).toBe(false);
  });

  it("canonicalAmount pads to 8 decimals", () => {
    expect(canonicalAmount("7")).toBe("7.00000000");
    expect(canonicalAmount("123456789012345678.12345678")).toBe("123456789012345678.12345678");
  });
});

describe("amount zod inputs", () => {
  it("outputs the canonical string", () => {
    expect(settlementAmountInput.parse("1.5")).toBe("1.50000000");
    expect(amountInput().parse(2)).toBe("2.00000000");
  });
  it("reports a single issue with the rule", () => {
    const r = settlementAmountInput.safeParse("0.001");
    expect(r.error?.issues).toHaveLength(1);
    expect(r.error?.issues[0].message).toBe("Must be at least 0.01");
  });
});
