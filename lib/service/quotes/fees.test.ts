import { describe, expect, it } from "vitest";

import { precisionOf } from "@/lib/money/decimal";

import { FEE_SCHEDULE, feeFor, feeScheduleMarkdown, resolvedFeeTableMarkdown, type FeeRule } from "./fees";
import { supportedRoutes } from "./route";

describe("fee schedule", () => {
  it.each([
    ["USDC", "USDT", "0", "0.001"],
    ["EURC", "USDC", "0", "0.001"],
    ["USD", "USDC", "1", "0.005"],
    ["MXN", "USDC", "18", "0.005"],
    ["NGN", "USDT", "1500", "0.0075"],
    ["USDC", "EUR", "1", "0.004"],
    ["USDT", "MXN", "1", "0.006"],
    ["USDC", "NGN", "1", "0.008"],
    ["EUR", "GBP", "2", "0.006"],
    ["MXN", "USD", "36", "0.006"],
    ["NGN", "NGN", "3000", "0.01"],
    ["USD", "NGN", "2", "0.01"],
  ])("%s → %s: fixed %s, variable %s", (s, d, fixed, variable) => {
    const fee = feeFor(s, d);
    expect(fee.fixed.eq(fixed)).toBe(true);
    expect(fee.variable.eq(variable)).toBe(true);
  });

  it("resolves a valid fee for every supported route", () => {
    for (const r of supportedRoutes()) {
      const fee = feeFor(r.source.currency, r.destination.currency);
      expect(fee.fixed.gte(0)).toBe(true);
      expect(fee.fixed.decimalPlaces()).toBeLessThanOrEqual(precisionOf(r.source.currency));
      expect(fee.variable.gte(0) && fee.variable.lt(1)).toBe(true);
      expect(fee.rules[0]?.type).toBe(r.type);
    }
  });

  it("lets a pair row override source and destination rows", () => {
    const schedule: FeeRule[] = [
      ...FEE_SCHEDULE,
      { type: "FIAT_TO_FIAT", sourceCurrency: "NGN", destinationCurrency: "NGN", variable: "0.002", note: "domestic" },
    ];
    const fee = feeFor("NGN", "NGN", schedule);
    expect(fee.fixed.eq(3000)).toBe(true);
    expect(fee.variable.eq("0.002")).toBe(true);
  });

  it("refuses schedules that break their own rules", () => {
    expect(() => feeFor("USD", "USDC", [])).toThrow(/no complete row/);
    expect(() =>
      feeFor("USD", "USDC", [{ type: "FIAT_TO_STABLECOIN", fixed: "0.001", variable: "0", note: "" }]),
    ).toThrow(/not a USD amount/);
    expect(() => feeFor("USD", "USDC", [{ type: "FIAT_TO_STABLECOIN", fixed: "1", variable: "1", note: "" }])).toThrow(
      /\[0, 1\)/,
    );
    expect(() => feeFor("JPY", "USDC")).toThrow(RangeError);
  });

  it("renders markdown for the OpenAPI description", () => {
    const md = feeScheduleMarkdown();
    expect(md).toContain("| STABLECOIN_TO_STABLECOIN | any | any | 0 | 0.1% (0.001) |");
    expect(md).toContain("| FIAT_TO_STABLECOIN | NGN | any | 1500.00 | 0.75% (0.0075) |");
    expect(md.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Route")).length).toBe(
      FEE_SCHEDULE.length,
    );
    const resolved = resolvedFeeTableMarkdown();
    expect(resolved).toContain("| STABLECOIN_TO_FIAT | USDC | NGN | 1.000000 | 0.8% (0.008) |");
    expect(resolved).toContain("| FIAT_TO_FIAT | MXN | NGN | 36.00 | 1% (0.01) |");
    expect(resolved.split("\n")).toHaveLength(2 + 9 + 18 + 18 + 36);
  });
});
