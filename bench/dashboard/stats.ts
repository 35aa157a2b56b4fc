/** Small figures: medians, percentiles, kB, one decimal. */

export const median = (xs: number[]) => percentile(xs, 50);
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
export const kb = (bytes: number) => bytes / 1024;
export const fmt = (n: number, d = 1) => n.toFixed(d);
