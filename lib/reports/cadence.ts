/**
 * When a scheduled report is next due (issue 46): daily at the next midnight, weekly on the next
 * Monday, monthly on the 1st (the month just ended is complete), all in the merchant's time
 * zone; and which month a run covers: a monthly run the month that just ended, the others the
 * month so far (of the day before). Pure.
 */
import { addDays, dayIn, midnightIn } from "@/lib/dates/calendar";

export const CADENCES = ["daily", "weekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

/** The next time a schedule of `cadence` is due after `now`. */
export function nextDue(cadence: Cadence, timeZone: string, now: Date): Date {
  const today = dayIn(timeZone, now);
  if (cadence === "daily") return midnightIn(timeZone, addDays(today, 1));
  if (cadence === "weekly") {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday
    return midnightIn(timeZone, addDays(today, (8 - weekday) % 7 || 7));
  }
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return midnightIn(timeZone, first);
}

/** The month a run due at `due` covers. */
export function periodCovered(timeZone: string, due: Date): string {
  return dayIn(timeZone, new Date(due.getTime() - 1000)).slice(0, 7);
}

/** Every month from `from` to `to`, both included ("2026-11" … "2027-01"). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split("-").map(Number) as [number, number];
  for (let period = from; period <= to; period = `${y}-${String(m).padStart(2, "0")}`) {
    out.push(period);
    m += 1;
    if (m === 13) {
      y += 1;
      m = 1;
    }
  }
  return out;
}
