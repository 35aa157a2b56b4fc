import { describe, expect, it } from "vitest";

import { Dec } from "@/lib/money/decimal";
import { STABLECOIN_PEG, STABLECOINS } from "@/lib/schemas/catalog";

import { FIXED_USD_RATES, FixedRateSource, defaultRateSource } from "./fixed-rates";

describe("FixedRateSource", () => {
  it("pegs stablecoins 1:1 to their fiat", () => {
    for (const coin of STABLECOINS) {
      expect(defaultRateSource.midMarketRate(coin, STABLECOIN_PEG[coin])?.toString()).toBe("1");
      expect(defaultRateSource.midMarketRate(STABLECOIN_PEG[coin], coin)?.toString()).toBe("1");
    }
    expect(defaultRateSource.midMarketRate("USDC", "USDT")?.toString()).toBe("1");
    expect(defaultRateSource.midMarketRate("EURC", "EUR")?.toString()).toBe("1");
  });

  it.each([
    ["USD", "EUR", "0.86"],
    ["USDC", "NGN", "1475"],
    ["USD", "CAD", "1.385"],
    ["EUR", "GBP", "0.877906976744"],
    ["NGN", "USDC", "0.000677966101695"],
    ["EURC", "USDC", "1.16279069767"],
    ["MXN", "NGN", "79.9457994580"],
    ["GBP", "MXN", "24.4370860927"],
  ])("%s → %s is %s (through USD, 12 significant digits)", (s, d, rate) => {
    expect(defaultRateSource.midMarketRate(s, d)?.eq(rate)).toBe(true);
  });

  it("has no rate for unknown currencies", () => {
    expect(defaultRateSource.midMarketRate("USD", "JPY")).toBeNull();
    expect(defaultRateSource.midMarketRate("XYZ", "USD")).toBeNull();
  });

  it("prices every currency of the table against every other", () => {
    const codes = Object.keys(FIXED_USD_RATES);
    for (const s of codes) {
      for (const d of codes) {
        const rate = defaultRateSource.midMarketRate(s, d);
        expect(rate?.gt(0)).toBe(true);
        expect(rate?.precision()).toBeLessThanOrEqual(12);
        // a round trip through both rates lands within rounding of 1
        const back = defaultRateSource.midMarketRate(d, s);
        expect(
          rate
            ?.times(back ?? 0)
            .minus(1)
            .abs()
            .lt("1e-10"),
        ).toBe(true);
      }
    }
  });

  it("takes another table and refuses non-positive rates", () => {
    const src = new FixedRateSource({ USD: "1", EUR: "0.9" });
    expect(src.midMarketRate("EUR", "USD")?.eq(new Dec("1.11111111111"))).toBe(true);
    expect(() => new FixedRateSource({ USD: "0" })).toThrow(RangeError);
    expect(() => new FixedRateSource({ USD: "-1" })).toThrow(RangeError);
  });
});
