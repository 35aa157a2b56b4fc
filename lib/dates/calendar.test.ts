import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { addDays, dayIn, midnightIn, monthIn, nextMonth, startOfDayIn } from "./calendar";

/**
 * The merchant's day (issue 57), checked against an oracle the code does not share: Intl's own
 * reading of the zone database. The instant a day begins is on that day in the zone, and the
 * millisecond before it is on the day before; for every IANA zone Intl knows and every day of 2026.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function intlDay(timeZone: string, at: number): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f.format(at);
}

describe("the merchant's day", () => {
  it("begins at the first instant of the day in every zone, on every day of 2026 (DST gaps included)", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    expect(zones.length).toBeGreaterThan(300);
    const wrong: string[] = [];
    let checked = 0;
    for (const zone of zones) {
      for (let day = "2026-01-01"; day < "2027-01-01"; day = addDays(day, 1)) {
        const start = midnightIn(zone, day).getTime();
        checked++;
        if (intlDay(zone, start) !== day || intlDay(zone, start - 1) !== addDays(day, -1)) wrong.push(`${zone} ${day}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(zones.length * 365);
  });

  it("reads an instant's day as Intl does around every clock change of 2025-2027, in time order and not (the day it remembers)", () => {
    const wrong: string[] = [];
    let checked = 0;
    const end = Temporal.Instant.from("2028-01-01T00:00:00Z");
    for (const zone of Intl.supportedValuesOf("timeZone")) {
      let at = Temporal.Instant.from("2025-01-01T00:00:00Z").toZonedDateTimeISO(zone);
      for (;;) {
        const change = at.getTimeZoneTransition("next");
        if (!change || Temporal.Instant.compare(change.toInstant(), end) >= 0) break;
        const t = change.epochMilliseconds;
        // 26 hours either side, every 47 minutes, in time order (the remembered day is used), then backwards.
        const instants = Array.from({ length: 67 }, (_, i) => t - 26 * 3_600_000 + i * 47 * 60_000);
        for (const instant of [...instants, ...instants.reverse()]) {
          checked++;
          if (dayIn(zone, new Date(instant)) !== intlDay(zone, instant))
            wrong.push(`${zone} ${new Date(instant).toISOString()}`);
        }
        at = change;
      }
    }
    // São Paulo's clocks went back from midnight to 23:00 on 18 Feb 2018: one local date twice.
    expect(dayIn("America/Sao_Paulo", new Date("2018-02-18T02:30:00Z"))).toBe("2018-02-17");
    expect(dayIn("America/Sao_Paulo", new Date("2018-02-18T01:30:00Z"))).toBe("2018-02-17");
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(20_000);
  });

  it("starts at 01:00 where midnight is skipped (the days the hand-made offset guess put an hour early)", () => {
    expect(midnightIn("America/Santiago", "2026-09-06").toISOString()).toBe("2026-09-06T04:00:00.000Z"); // 01:00 -03
    expect(midnightIn("America/Havana", "2026-03-08").toISOString()).toBe("2026-03-08T05:00:00.000Z"); // 01:00 -04
    expect(midnightIn("Atlantic/Azores", "2026-03-29").toISOString()).toBe("2026-03-29T01:00:00.000Z"); // 01:00 +00
  });

  it("reads the day of an instant in the zone, and a month as its two bounding instants", () => {
    expect(dayIn("America/New_York", new Date("2027-01-01T04:59:59.999Z"))).toBe("2026-12-31");
    expect(dayIn("America/New_York", new Date("2027-01-01T05:00:00Z"))).toBe("2027-01-01");
    expect(startOfDayIn("Europe/Berlin", new Date("2026-03-29T12:00:00Z")).toISOString()).toBe(
      "2026-03-28T23:00:00.000Z",
    );
    const december = monthIn("America/New_York", "2026-12");
    expect(december.start.toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(december.end.toISOString()).toBe("2027-01-01T05:00:00.000Z");
    expect(nextMonth("2026-12")).toBe("2027-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
