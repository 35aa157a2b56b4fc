import { describe, expect, it } from "vitest";
import { lastDayOf, monthEnd, monthStart, movementRange, nextPeriod } from "./period";

describe("a reconciliation month", () => {
  it("runs from its first instant to the next month's first, in the merchant's zone, across a year's end and a leap day", () => {
    expect(monthStart("2026-11", "UTC")).toBe(Date.parse("2026-11-01T00:00:00Z"));
    expect(monthEnd("2026-11", "UTC")).toBe(Date.parse("2026-12-01T00:00:00Z"));
    expect(monthEnd("2026-12", "UTC")).toBe(Date.parse("2027-01-01T00:00:00Z"));
    // December in New York: 1 Dec 05:00 UTC to 1 Jan 05:00 UTC (issue 57: a payin at 23:40 on
    // 31 Dec New York is December's, though it is 1 Jan in UTC).
    expect(monthStart("2026-12", "America/New_York")).toBe(Date.parse("2026-12-01T05:00:00Z"));
    expect(monthEnd("2026-12", "America/New_York")).toBe(Date.parse("2027-01-01T05:00:00Z"));
    // Tokyo's November starts on 31 Oct in UTC.
    expect(monthStart("2026-11", "Asia/Tokyo")).toBe(Date.parse("2026-10-31T15:00:00Z"));
    expect(lastDayOf("2028-02")).toBe("2028-02-29");
    expect(lastDayOf("2027-02")).toBe("2027-02-28");
    expect(nextPeriod("2026-12")).toBe("2027-01");
  });

  it("reads movements from a month before it to a month after it", () => {
    expect(movementRange("2026-11")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
  });
});
