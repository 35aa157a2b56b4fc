"use client";

import { useEffect, useState } from "react";
import { formatCountdown, formatDateTime } from "@/lib/dashboard/format-date";
import { cn } from "@/lib/ui/cn";

/**
 * Time left until `until`, ticking each second; "Expired" after. `offsetSeconds`: how far the
 * clock `until` is on runs ahead of real time (a sandbox clock that was advanced), so the
 * countdown runs on that clock and says so.
 */
export function Countdown({ until, offsetSeconds = 0 }: { until: string; offsetSeconds?: number }) {
  const end = Date.parse(until) - offsetSeconds * 1000;
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  const left = now === null ? null : end - now;
  const expired = left !== null && left <= 0;
  const soon = left !== null && left > 0 && left < 5 * 60_000;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <span
        role="timer"
        data-testid="valid-until-countdown"
        className={cn(
          "text-lg font-semibold tabular-nums",
          expired ? "text-red-700" : soon ? "text-amber-700" : "text-slate-900",
        )}
      >
        {left === null ? "—" : expired ? "Expired" : formatCountdown(left)}
      </span>
      <span className="text-xs text-slate-500">
        {expired ? "since" : "left, until"} {formatDateTime(until)}
        {offsetSeconds !== 0 ? " on the sandbox clock" : null}
      </span>
    </div>
  );
}
