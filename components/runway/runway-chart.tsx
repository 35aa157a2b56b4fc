import { formatDayMonth } from "@/lib/dashboard/format-date";
import { formatMoney } from "@/lib/money/format";
import { Dec } from "@/lib/money/decimal";
import type { RunwayPoint } from "@/lib/runway/projection";

const W = 600;
const H = 150;
const PAD = { top: 10, right: 8, bottom: 22, left: 8 };

/**
 * The next 14 days of projected available balance as a line, the floor as a dashed line. Drawn
 * on the server as SVG (no chart library on this page): the amounts stay decimals, only the
 * pixel positions are numbers. The figures themselves are in the table under it.
 */
export function RunwayChart({
  currency,
  points,
  floor,
}: {
  currency: string;
  points: RunwayPoint[];
  floor: string | null;
}) {
  const values = points.map((p) => new Dec(p.balance));
  const all = floor === null ? values : [...values, new Dec(floor)];
  // The scale fits the figures (and the floor), with a margin: a flat line at 100,000 beside a
  // floor at 99,999.50 must still show which is above.
  const hi = Dec.max(...all);
  const lo = Dec.min(...all);
  const pad = hi.equals(lo) ? Dec.max(hi.abs().times("0.05"), 1) : hi.minus(lo).times("0.15");
  const top = hi.plus(pad);
  const bottom = lo.minus(pad);
  const span = top.minus(bottom);
  const y = (v: Dec) => PAD.top + (H - PAD.top - PAD.bottom) * top.minus(v).dividedBy(span).toNumber();
  const zeroShown = bottom.lessThan(0) && top.greaterThan(0);
  const x = (i: number) => PAD.left + ((W - PAD.left - PAD.right) * i) / Math.max(1, points.length - 1);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const first = points[0];
  const last = points.at(-1);
  const label = `${currency} projected available from ${formatMoney(first?.balance ?? "0", currency)} on ${
    first ? formatDayMonth(`${first.day}T00:00:00Z`) : ""
  } to ${formatMoney(last?.balance ?? "0", currency)} on ${last ? formatDayMonth(`${last.day}T00:00:00Z`) : ""}${
    floor === null ? "" : `; floor ${formatMoney(floor, currency)}`
  }`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={label}>
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#e2e8f0" />
      {zeroShown ? (
        <line x1={PAD.left} x2={W - PAD.right} y1={y(new Dec(0))} y2={y(new Dec(0))} stroke="#94a3b8" />
      ) : null}
      {floor === null ? null : (
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={y(new Dec(floor))}
          y2={y(new Dec(floor))}
          stroke="#d97706"
          strokeDasharray="6 4"
          data-testid="runway-floor-line"
        />
      )}
      <polyline points={line} fill="none" stroke="#4f46e5" strokeWidth={2.5} strokeLinejoin="round" />
      {first ? (
        <text x={PAD.left} y={H - 6} fontSize={11} fill="#475569">
          {formatDayMonth(`${first.day}T00:00:00Z`)}
        </text>
      ) : null}
      {last ? (
        <text x={W - PAD.right} y={H - 6} fontSize={11} fill="#475569" textAnchor="end">
          {formatDayMonth(`${last.day}T00:00:00Z`)}
        </text>
      ) : null}
    </svg>
  );
}
