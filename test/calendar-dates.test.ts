/**
 * The suite's date-sensitive parts on a fixed set of days (issue 60, item 7): every rule that
 * reads "now" (the merchant's day and month, a schedule's next run and the month it covers, a
 * report's month in progress) is run with the clock set to the 1st, the 31st, 29 Feb, both DST
 * changes and a year's end, in zones on both sides of UTC, and held to what it must be whatever
 * the day. `npm test` runs it like any test; no test elsewhere depends on the day it runs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Temporal } from "temporal-polyfill";
import { addDays, dayIn, midnightIn, monthIn, nextMonth, startOfDayIn } from "@/lib/dates/calendar";
import { nextDue, periodCovered } from "@/lib/reports/cadence";

const DAYS = [
  "2026-12-01T00:30:00Z", // the 1st, just after midnight UTC (still the 30th in the Americas)
  "2026-12-31T23:40:00Z", // the 31st, late evening
  "2028-02-29T12:00:00Z", // a leap day
  "2026-03-08T07:30:00Z", // US DST starts (New York skips 02:00)
  "2026-11-01T05:30:00Z", // US DST ends (New York repeats 01:00)
  "2026-09-06T04:30:00Z", // Santiago skips midnight
  "2027-01-01T04:59:59Z", // a year's end in New York, already next year in UTC
];
const ZONES = ["UTC", "America/New_York", "America/Santiago", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago"];

describe.each(DAYS)("with the clock at %s", (at) => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(at));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(ZONES)("the merchant's day and month in %s hold", (zone) => {
    const now = new Date();
    const today = dayIn(zone);
    expect(today).toBe(Temporal.Instant.from(at).toZonedDateTimeISO(zone).toPlainDate().toString());
    const start = startOfDayIn(zone);
    expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(midnightIn(zone, addDays(today, 1)).getTime()).toBeGreaterThan(now.getTime());
    const month = monthIn(zone, today.slice(0, 7));
    expect(month.start.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(month.end.getTime()).toBeGreaterThan(now.getTime());
    expect(month.end.getTime()).toBe(monthIn(zone, nextMonth(today.slice(0, 7))).start.getTime());
  });

  it.each(ZONES)(
    "a schedule in %s runs next after now, at the zone's midnight, and a monthly run covers the month just ended",
    (zone) => {
      const now = new Date();
      for (const cadence of ["daily", "weekly", "monthly"] as const) {
        const due = nextDue(cadence, zone, now);
        expect(due.getTime()).toBeGreaterThan(now.getTime());
        expect(startOfDayIn(zone, due).getTime()).toBe(due.getTime());
      }
      const monthly = nextDue("monthly", zone, now);
      expect(dayIn(zone, monthly).slice(8)).toBe("01");
      expect(periodCovered(zone, monthly)).toBe(dayIn(zone, now).slice(0, 7));
    },
  );
});
