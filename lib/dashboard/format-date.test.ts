import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatMinute,
  formatSecond,
  formatUtcMinute,
} from "./format-date";

describe("the console's one date formatter", () => {
  const at = "2026-11-28T23:45:06.789Z";

  it("shows UTC, labelled, whatever the machine's zone", () => {
    expect(formatMinute(at)).toBe("28 Nov 2026, 23:45 UTC");
    expect(formatSecond(new Date(at))).toBe("28 Nov 2026, 23:45:06 UTC");
    expect(formatDay(at)).toBe("28 Nov 2026");
    expect(formatClock(Date.parse(at))).toBe("23:45 UTC");
    expect(formatDayMonth("2026-11-28T00:00:00Z")).toBe("28 Nov");
    expect(formatUtcMinute(at)).toBe("28 Nov 2026, 23:45 UTC");
    // One way of writing a day (issue 59): "2 Dec 2026", never "02 Dec 2026".
    expect(formatDateTime("2026-12-02T08:05:06Z")).toBe("2 Dec 2026, 08:05:06 UTC");
    expect(formatDay("2026-12-02T08:05:06Z")).toBe("2 Dec 2026");
    expect(formatDateTime(at)).toBe("28 Nov 2026, 23:45:06 UTC");
  });

  it("shows a missing value as a dash and an unreadable one as it came", () => {
    expect(formatMinute(null)).toBe("—");
    expect(formatMinute("soon")).toBe("soon");
    expect(formatUtcMinute(undefined)).toBe("—");
  });
});
