"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { VolumeSeries } from "@/lib/dashboard/summary-view";
import { formatDayMonth } from "@/lib/dashboard/format-date";

/** "26 Nov", as the rest of the console writes days (the data's key is 2026-11-26). */
const dayTick = (day: string) => formatDayMonth(`${day}T00:00:00Z`);

/** Recharts, loaded with the overview's charts only (never with another route). */
export function VolumeChart({ series }: { series: VolumeSeries }) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      <BarChart data={series.days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="day" tickFormatter={dayTick} tick={{ fontSize: 11, fill: "#475569" }} minTickGap={16} />
        <YAxis width={56} tick={{ fontSize: 11, fill: "#475569" }} />
        <Tooltip
          formatter={(_v, _n, item) => [`${(item.payload as { exact: string }).exact} ${series.currency}`, "Settled"]}
        />
        <Bar dataKey="amount" fill="#4f46e5" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function StatusChart({ counts }: { counts: Array<{ label: string; count: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, counts.length * 28 + 24)}>
      <BarChart data={counts} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: "#475569" }} />
        <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 11, fill: "#334155" }} />
        <Tooltip />
        <Bar dataKey="count" fill="#0ea5e9" radius={[0, 3, 3, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
