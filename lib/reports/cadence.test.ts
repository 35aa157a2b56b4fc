import { describe, expect, it } from "vitest";
import { midnightIn } from "@/lib/dates/calendar";
import { monthsBetween, nextDue, periodCovered } from "./cadence";

describe("report cadences (merchant's time zone)", () => {
  const now = new Date("2026-11-29T15:30:00Z"); // a Sunday
  it("is due at the next midnight, the next Monday, or the 1st", () => {
    expect(nextDue("daily", "UTC", now).toISOString()).toBe("2026-11-30T00:00:00.000Z");
    expect(nextDue("weekly", "UTC", now).toISOString()).toBe("2026-11-30T00:00:00.000Z");
    expect(nextDue("weekly", "UTC", new Date("2026-11-30T01:00:00Z")).toISOString()).toBe("2026-12-07T00:00:00.000Z");
    expect(nextDue("monthly", "UTC", now).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(nextDue("monthly", "UTC", new Date("2026-12-15T00:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("counts midnight where the merchant is, across a daylight-saving change", () => {
    expect(midnightIn("America/New_York", "2026-12-01").toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(midnightIn("America/New_York", "2026-07-01").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    // 23:30 on 31 Oct in Berlin (UTC+1 since the 25th): due at midnight starting 1 Nov there.
    expect(nextDue("monthly", "Europe/Berlin", new Date("2026-10-31T22:30:00Z")).toISOString()).toBe(
      "2026-10-31T23:00:00.000Z",
    );
  });

  it("a monthly run covers the month just ended; a daily one the month so far", () => {
    expect(periodCovered("UTC", new Date("2026-12-01T00:00:00Z"))).toBe("2026-11");
    expect(periodCovered("America/New_York", new Date("2026-12-01T05:00:00Z"))).toBe("2026-11");
    expect(periodCovered("UTC", new Date("2026-11-30T00:00:00Z"))).toBe("2026-11");
  });

  it("a backfill covers every month of its range, across a new year", () => {
    expect(monthsBetween("2026-11", "2027-02")).toEqual(["2026-11", "2026-12", "2027-01", "2027-02"]);
    expect(monthsBetween("2026-11", "2026-11")).toEqual(["2026-11"]);
    expect(monthsBetween("2026-11", "2026-10")).toEqual([]);
  });
});
