import { describe, expect, it } from "vitest";
import { BACKTEST_DAYS, BACKTEST_HISTORY_DAYS, backtestDays, backtestForecast, dayEndTotals } from "./backtest";

const days = backtestDays("2026-03-31");

describe("backtestDays", () => {
  it("lists the whole days before today, oldest first, across a month's end", () => {
    expect(days).toHaveLength(BACKTEST_HISTORY_DAYS);
    expect(days.at(-1)).toBe("2026-03-30");
    expect(days[0]).toBe("2026-02-08");
  });
});

describe("dayEndTotals", () => {
  it("ends each day on its last entry's total, in the merchant's zone, and carries quiet days", () => {
    const entries = [
      // 23:30 UTC on 8 Feb is already 9 Feb in Berlin.
      { created_at: "2026-02-08T23:30:00Z", balance_after: { total: "900" } },
      { created_at: "2026-02-10T08:00:00Z", balance_after: { total: "850" } },
      { created_at: "2026-02-10T09:00:00Z", balance_after: { total: "800" } },
    ];
    const totals = dayEndTotals("1000", entries, days.slice(0, 4), "Europe/Berlin");
    expect(totals).toEqual(["1000", "900", "800", "800"]);
  });
});

describe("backtestForecast", () => {
  it("makes no error on a balance that falls by the same amount every day; the naive forecast misses by the lead's outflow", () => {
    const totals = days.map((_, i) => String(10_000 - 100 * i));
    const result = backtestForecast("USDC", days, totals);
    expect(result.days).toHaveLength(BACKTEST_DAYS);
    expect(result.days.every((d) => d.error === "0.000000")).toBe(true);
    expect(result.meanAbsError).toBe("0.000000");
    expect(result.naiveMeanAbsError).toBe("700.000000");
    expect(result.ratio).toBe("0.00");
    expect(result.days[0]).toEqual({
      day: days[37],
      projected: "6300.000000",
      actual: "6300.000000",
      error: "0.000000",
    });
  });

  it("is too hopeful by what a new, faster outflow took, and never forecasts growth", () => {
    // 100 a day until day 40, then 300 a day.
    const totals: number[] = [];
    let total = 20_000;
    for (let i = 0; i < days.length; i++) {
      total -= i <= 40 ? 100 : 300;
      totals.push(total);
    }
    const result = backtestForecast("USDC", days, totals.map(String));
    // Judged day 37: made on day 30 at 100 a day, all 100s since: exact.
    expect(result.days[0].error).toBe("0.000000");
    // Judged day 44: made on day 37 (16,200 − 7 × 100 = 15,500); days 38–40 took 100, 41–44 took 300: 14,700.
    expect(result.days[7]).toMatchObject({ projected: "15500.000000", actual: "14700.000000", error: "800.000000" });
    // A balance that only grew: the forecast holds it level, as the page does.
    const growing = backtestForecast(
      "EURC",
      days,
      days.map((_, i) => String(1_000 + 10 * i)),
    );
    expect(growing.days[0]).toMatchObject({ projected: "1300.000000", actual: "1370.000000", error: "-70.000000" });
    expect(growing.ratio).toBe("1.00");
  });

  it("has no ratio when nothing moved", () => {
    const flat = backtestForecast(
      "USDT",
      days,
      days.map(() => "5"),
    );
    expect(flat.meanAbsError).toBe("0.000000");
    expect(flat.ratio).toBeNull();
  });
});
