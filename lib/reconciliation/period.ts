/** A month as reconciliation names it ("2026-11"). Browser-safe. */
import { addDays, monthIn, nextMonth } from "@/lib/dates/calendar";
import { z } from "@/lib/schemas/zod";

export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month like 2026-11");

/** How far before a month starts and after it ends its matching looks for money. */
export const MOVEMENT_MARGIN_DAYS = 31;

/**
 * The days a month's matching reads movements from (and the sync reads the API for): a month
 * before it starts (paid early) to a month after it ends (paid late), whatever the account's
 * history, so a run costs the same in its first month and its tenth year.
 */
export function movementRange(period: string): { from: string; to: string } {
  return { from: addDays(`${period}-01`, -MOVEMENT_MARGIN_DAYS), to: addDays(lastDayOf(period), MOVEMENT_MARGIN_DAYS) };
}

/** The month after `period` ("2026-12" → "2027-01"). */
export const nextPeriod = nextMonth;

/** The last day of a month ("2026-11" → "2026-11-30"). */
export const lastDayOf = (period: string) => addDays(`${nextPeriod(period)}-01`, -1);

/** The instant a month starts in the merchant's time zone, in ms (its first day's first instant). */
export const monthStart = (period: string, timeZone: string) => monthIn(timeZone, period).start.getTime();

/** The instant a month ends in the merchant's time zone, in ms: the next month's first instant, excluded from it. */
export const monthEnd = (period: string, timeZone: string) => monthIn(timeZone, period).end.getTime();
