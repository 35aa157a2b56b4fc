import { describe, expect, it } from "vitest";
import { floorBreach, projectRunway, type RunwayInputs } from "./projection";

const base: RunwayInputs = {
  currency: "USDC",
  available: "10000.00000000",
  reserved: "500.00000000",
  committed: "1000",
  expectedIn: "2500",
  netOutflow30: "9000",
  floor: null,
  today: "2026-12-04",
};

describe("projectRunway", () => {
  it("takes committed payouts from the available balance, never adds expected payins, and spends 1/30 of the month's net outflow a day", () => {
    const r = projectRunway(base);
    expect(r.projectedNow).toBe("9000.000000");
    expect(r.dailyOutflow).toBe("300.000000");
    // 9000 / 300 = 30 whole days.
    expect(r.runwayDays).toBe(30);
    expect(r.trend).toBe("shrinking");
    expect(r.points).toHaveLength(15);
    expect(r.points[0]).toEqual({ day: "2026-12-04", balance: "9000.000000" });
    expect(r.points[14]).toEqual({ day: "2026-12-18", balance: "4800.000000" });
  });

  it("counts whole days only (9000 / 301 = 29.9 → 29) and rounds the daily figure at the currency's places", () => {
    const r = projectRunway({ ...base, netOutflow30: "9030.00001" });
    expect(r.dailyOutflow).toBe("301.000000");
    expect(r.runwayDays).toBe(29);
  });

  it("has no runway figure when the balance does not shrink (net inflow, or nothing moved) or the statement was not read", () => {
    for (const [netOutflow30, trend] of [
      ["0", "flat"],
      ["-1200", "growing"],
      [null, null],
    ] as const) {
      const r = projectRunway({ ...base, netOutflow30 });
      expect(r.runwayDays).toBeNull();
      expect(r.trend).toBe(trend);
      expect(new Set(r.points.map((p) => p.balance))).toEqual(new Set(["9000.000000"]));
    }
  });

  it("is 0 days when committed payouts already use the whole balance", () => {
    expect(projectRunway({ ...base, committed: "10000" }).runwayDays).toBe(0);
    expect(projectRunway({ ...base, committed: "12000" }).projectedNow).toBe("-2000.000000");
  });

  it("names the first day of the horizon below the floor", () => {
    // 9000 - 300 d < 6000 first at d = 11 (5700); d = 10 is 6000, not below.
    expect(projectRunway({ ...base, floor: "6000" }).belowFloorOn).toBe("2026-12-15");
    expect(projectRunway({ ...base, floor: "1000" }).belowFloorOn).toBeNull();
    expect(projectRunway({ ...base, floor: "9500" }).belowFloorOn).toBe("2026-12-04");
  });

  it("crosses months and leap days on the calendar", () => {
    const r = projectRunway({ ...base, today: "2028-02-20" });
    expect(r.points.map((p) => p.day).slice(8, 11)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });
});

describe("floorBreach", () => {
  const runway = projectRunway({ ...base, floor: "5000" });

  it("is null without a floor, and for a payment that leaves exactly the floor", () => {
    expect(floorBreach(projectRunway(base), "8999")).toBeNull();
    expect(floorBreach(runway, "4000")).toBeNull();
  });

  it("gives the figure that breaks it: what would be left, the floor, how far below", () => {
    expect(floorBreach(runway, "4000.5")).toEqual({
      currency: "USDC",
      amount: "4000.500000",
      after: "4999.500000",
      floor: "5000.000000",
      short: "0.500000",
    });
  });

  it("counts a payment larger than the whole balance below zero, not at zero", () => {
    const eur = projectRunway({ ...base, currency: "EURC", floor: "100" });
    expect(floorBreach(eur, "9950")).toMatchObject({ after: "-950.000000", short: "1050.000000" });
  });
});
