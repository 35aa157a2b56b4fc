/**
 * Dates for people: the console's one date formatter (issue 45; fourteen files had their own).
 * Always UTC, labelled, so the server's render and the browser's agree, whatever the machine's
 * time zone. Each takes an ISO string or a Date; an unreadable value is shown as it came.
 */
type When = string | number | Date | null | undefined;
const msOf = (value: When): number | null => {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};
const utcFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
const mediumMinute = utcFormat({ dateStyle: "medium", timeStyle: "short" });
const mediumSecond = utcFormat({ dateStyle: "medium", timeStyle: "medium" });
const mediumDate = utcFormat({ dateStyle: "medium" });
const minuteOnly = utcFormat({ timeStyle: "short" });
const dayAndMonth = utcFormat({ day: "numeric", month: "short" });
const shown = (value: When, format: Intl.DateTimeFormat, suffix = " UTC"): string => {
  const ms = msOf(value);
  return ms === null ? (value ? String(value) : "—") : `${format.format(ms)}${suffix}`;
};

/** "28 Nov 2026, 21:03 UTC" */
export const formatMinute = (value: When): string => shown(value, mediumMinute);
/** "28 Nov 2026, 21:03:05 UTC" (without " UTC" under a heading that says it) */
export const formatSecond = (value: When, labelled = true): string =>
  shown(value, mediumSecond, labelled ? " UTC" : "");
/** "28 Nov 2026" (the UTC day) */
export const formatDay = (value: When): string => shown(value, mediumDate, "");
/** "21:03 UTC" */
export const formatClock = (value: When): string => shown(value, minuteOnly);
/** "28 Nov": a chart's tick for a UTC day */
export const formatDayMonth = (value: When): string => shown(value, dayAndMonth, "");
/** "28 Nov 2026, 21:03 UTC" in sentences too (refusals, holds): one way of writing a time (issue 59). */
export const formatUtcMinute = (value: When): string => (msOf(value) === null ? "—" : formatMinute(value));
const dateTime = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});
const shortDateTime = new Intl.DateTimeFormat("en-GB", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${dateTime.format(ms)} UTC`;
}

export function formatShortDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${shortDateTime.format(ms)} UTC`;
}

/** "12:04" / "1:02:03" / "2 d 4 h" for a duration in ms (≥ 0). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (d > 0) return `${d} d ${h} h ${pad(m)} min`;
  if (h > 0) return `${h}:${pad(m)}:${pad(s)}`;
  return `${m}:${pad(s)}`;
}
