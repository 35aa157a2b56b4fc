/**
 * The merchant's calendar (issue 57, decisions D24.12): calendar days and months in one time
 * zone (MERCHANT_TIME_ZONE) for every period the product has (daily limits, batch checks,
 * reconciliation windows, the Close, reports, schedules), and plain date arithmetic on
 * "YYYY-MM-DD". The arithmetic is Temporal's (temporal-polyfill), not offset guessing: a day
 * whose midnight is skipped by a DST change begins at the first instant that exists (America/
 * Santiago 2026-09-06 begins at 01:00). Pure.
 */
import { Temporal } from "temporal-polyfill";

/** The calendar day of `now` in `timeZone` ("2026-11-29"). */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  const at = now.getTime();
  const known = lastDay.get(timeZone);
  if (known && at >= known.from && at < known.to) return known.day;
  const zoned = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(timeZone);
  const day = zoned.toPlainDate().toString();
  rememberDay(timeZone, day, zoned);
  return day;
}

/**
 * The day last asked for in each zone, as the span of instants it covers, so that a month of rows
 * read in time order costs Temporal about one computation a day rather than one a row (issue 57:
 * 270,000 movements spent seconds here). Only a day whose offset is the same at its first and last
 * instant is kept: on a day the clocks change, a local date can come back (a fall-back across
 * midnight, as São Paulo's did), and every instant of such a day is computed.
 */
const lastDay = new Map<string, { day: string; from: number; to: number }>();

function rememberDay(timeZone: string, day: string, zoned: Temporal.ZonedDateTime): void {
  const start = zoned.startOfDay();
  const next = start.add({ days: 1 }).startOfDay();
  const lastInstant = Temporal.Instant.fromEpochMilliseconds(next.epochMilliseconds - 1).toZonedDateTimeISO(timeZone);
  if (start.offsetNanoseconds !== lastInstant.offsetNanoseconds || lastInstant.toPlainDate().toString() !== day) {
    lastDay.delete(timeZone);
    return;
  }
  if (lastDay.size > 64) lastDay.clear();
  lastDay.set(timeZone, { day, from: start.epochMilliseconds, to: next.epochMilliseconds });
}

/** The instant `day` ("2026-11-29") begins in `timeZone`: its first instant, whatever DST does. */
export function midnightIn(timeZone: string, day: string): Date {
  return new Date(Temporal.PlainDate.from(day).toZonedDateTime({ timeZone }).epochMilliseconds);
}

/**
 * The instant `day` shows `hour`:00 on the wall clock in `timeZone`; on a day that skips that
 * hour (spring forward), the instant just after the gap, as Temporal's "compatible" reads it.
 */
export function hourIn(timeZone: string, day: string, hour: number): Date {
  const at = Temporal.PlainDate.from(day).toPlainDateTime({ hour }).toZonedDateTime(timeZone);
  return new Date(at.epochMilliseconds);
}

/** The instant the calendar day of `now` began in `timeZone`. */
export function startOfDayIn(timeZone: string, now: Date = new Date()): Date {
  return midnightIn(timeZone, dayIn(timeZone, now));
}

/** "2026-11-03" + 2 days → "2026-11-05" (calendar dates, no time zone involved). */
export function addDays(day: string, days: number): string {
  return Temporal.PlainDate.from(day).add({ days }).toString();
}

/** The month after `period` ("2026-12" → "2027-01"). */
export function nextMonth(period: string): string {
  return Temporal.PlainYearMonth.from(period).add({ months: 1 }).toString();
}

/**
 * A merchant's month as instants: from its first day's first instant in `timeZone` (included)
 * to the next month's (excluded). December in New York is [1 Dec 05:00 UTC, 1 Jan 05:00 UTC).
 */
export function monthIn(timeZone: string, period: string): { start: Date; end: Date } {
  return { start: midnightIn(timeZone, `${period}-01`), end: midnightIn(timeZone, `${nextMonth(period)}-01`) };
}
