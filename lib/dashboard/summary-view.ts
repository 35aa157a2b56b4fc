/**
 * The summary as the overview draws it (browser-safe): every day of the range, zero where
 * nothing settled, one series per currency.
 */
import type { Summary } from "@/lib/schemas/summary";

export const SUMMARY_RANGES = [7, 30, 90] as const;
export type SummaryRange = (typeof SUMMARY_RANGES)[number];

export type VolumeSeries = {
  currency: string;
  days: Array<{ day: string; amount: number; exact: string; count: number }>;
};

/** One series per destination currency over every UTC day of [from, to). Amounts as numbers for drawing only; `exact` keeps the string. */
export function volumeSeries(summary: Pick<Summary, "from" | "to" | "settled_volume">): VolumeSeries[] {
  const days: string[] = [];
  const start = Date.parse(`${summary.from.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(summary.to);
  for (let t = start; t < end && days.length < 400; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  const currencies = [...new Set(summary.settled_volume.map((v) => v.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    days: days.map((day) => {
      const hit = summary.settled_volume.find((v) => v.currency === currency && v.day === day);
      return { day, amount: hit ? Number(hit.amount) : 0, exact: hit?.amount ?? "0", count: hit?.count ?? 0 };
    }),
  }));
}

/** "1 h 05 min", "3 d 4 h", "45 s". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${String(m % 60).padStart(2, "0")} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

export const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)}%`);
