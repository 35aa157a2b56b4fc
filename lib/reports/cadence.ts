/**
 * When a scheduled report is next due (issue 46): daily at the next midnight, weekly on the next
 * Monday, monthly on the 1st (the month just ended is complete), all in the merchant's time
 * zone; and which month a run covers: a monthly run the month that just ended, the others the
 * month so far (of the day before). Pure.
 */
export const CADENCES = ["daily", "weekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

/** The wall-clock date in `timeZone` at `at` ("2026-11-29"). */
const dayIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/** The instant of midnight starting `day` in `timeZone`. */
export function midnightIn(timeZone: string, day: string): Date {
  const [y = 1970, m = 1, d = 1] = day.split("-").map(Number);
  const guessUtc = Date.UTC(y, m - 1, d);
  const offset = (at: number) => {
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
    const v = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
    return Date.UTC(v("year"), v("month") - 1, v("day"), v("hour"), v("minute"), v("second")) - at;
  };
  let at = guessUtc - offset(guessUtc);
  at = guessUtc - offset(at);
  return new Date(at);
}

const shiftDay = (day: string, days: number) => {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
};

/** The next time a schedule of `cadence` is due after `now`. */
export function nextDue(cadence: Cadence, timeZone: string, now: Date): Date {
  const today = dayIn(timeZone, now);
  if (cadence === "daily") return midnightIn(timeZone, shiftDay(today, 1));
  if (cadence === "weekly") {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday
    return midnightIn(timeZone, shiftDay(today, (8 - weekday) % 7 || 7));
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
