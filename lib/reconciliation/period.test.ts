import { describe, expect, it } from "vitest";
import { lastDayOf, monthEnd, monthStart, movementRange, nextPeriod } from "./period";

describe("a reconciliation month", () => {
  it("runs from its first instant to the next month's first (UTC), across a year's end and a leap day", () => {
    expect(monthStart("2026-11")).toBe(Date.parse("2026-11-01T00:00:00Z"));
    expect(monthEnd("2026-11")).toBe(Date.parse("2026-12-01T00:00:00Z"));
    expect(monthEnd("2026-12")).toBe(Date.parse("2027-01-01T00:00:00Z"));
    expect(lastDayOf("2028-02")).toBe("2028-02-29");
    expect(lastDayOf("2027-02")).toBe("2027-02-28");
    expect(nextPeriod("2026-12")).toBe("2027-01");
  });

  it("reads movements from a month before it to a month after it", () => {
    expect(movementRange("2026-11")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
  });
});
