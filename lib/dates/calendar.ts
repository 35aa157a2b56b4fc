/**
 * Calendar days in a time zone (browser-safe, pure): the merchant's day for limits, schedules
 * and reconciliation windows (LIMITS_TIME_ZONE), and plain date arithmetic on "YYYY-MM-DD".
 */

/** The calendar day of `now` in `timeZone` ("2026-11-29"). */
export function dayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at` (ms). */
function offsetAt(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (
    Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second")) -
    Math.floor(at / 1000) * 1000
  );
}

/** The instant `day` ("2026-11-29") begins in `timeZone`. */
export function midnightIn(timeZone: string, day: string): Date {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  const midnight = Date.UTC(y, m - 1, d);
  let guess = midnight - offsetAt(timeZone, midnight);
  guess = midnight - offsetAt(timeZone, guess);
  return new Date(guess);
}

/** The instant the calendar day of `now` began in `timeZone`. */
export function startOfDayIn(timeZone: string, now = new Date()): Date {
  return midnightIn(timeZone, dayIn(timeZone, now));
}

/** "2026-11-03" + 2 days → "2026-11-05" (calendar dates, no time zone involved). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
