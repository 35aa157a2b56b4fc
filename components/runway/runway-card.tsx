import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatDayMonth } from "@/lib/dashboard/format-date";
import type { Environment } from "@/lib/schemas/catalog";
import { formatMoney } from "@/lib/money/format";
import type { Runway } from "@/lib/runway/projection";
import { FloorForm } from "./floor-form";
import { RunwayChart } from "./runway-chart";

/** What the daily outflow's hint says, by which way the balance went. */
function outflowHint(r: Runway): string {
  if (r.trend === "growing")
    return `Grew ${formatMoney((r.dailyOutflow ?? "0").replace(/^-/, ""), r.currency)} a day over 30 days`;
  if (r.trend === "flat") return "No net movement in 30 days";
  return "Last 30 days' average";
}

const day = (d: string) => formatDayMonth(`${d}T00:00:00Z`);

function Figure({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold break-words text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

/** What the runway says in one badge: days left, below the floor soon, or not shrinking. */
function RunwayBadge({ runway }: { runway: Runway }) {
  if (runway.belowFloorOn)
    return (
      <Badge tone="warning" dot>
        Below floor {runway.belowFloorOn === runway.today ? "now" : `on ${day(runway.belowFloorOn)}`}
      </Badge>
    );
  if (runway.runwayDays === null)
    return <Badge tone="success">{runway.dailyOutflow === null ? "Outflow not read" : "Not shrinking"}</Badge>;
  return (
    <Badge tone={runway.runwayDays < 14 ? "danger" : runway.runwayDays < 30 ? "warning" : "success"} dot>
      {runway.runwayDays} day{runway.runwayDays === 1 ? "" : "s"} of runway
    </Badge>
  );
}

/** One currency's runway: the figures it is made of, the next 14 days, and (administrators) its floor. */
export function RunwayCard({
  runway,
  environment,
  canSetFloor,
}: {
  runway: Runway;
  environment: Environment;
  canSetFloor: boolean;
}) {
  const c = runway.currency;
  return (
    <Card
      title={c}
      description="Pre-funded balance"
      actions={<RunwayBadge runway={runway} />}
      data-testid={`runway-${c}`}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Figure label="Available now" value={formatMoney(runway.available, c)} />
        <Figure label="Reserved" value={formatMoney(runway.reserved, c)} hint="Payouts under way" />
        <Figure
          label="Committed out"
          value={formatMoney(runway.committed, c)}
          hint="Held payouts, unsent batch rows"
          testId={`runway-${c}-committed`}
        />
        <Figure
          label="Projected available"
          value={formatMoney(runway.projectedNow, c)}
          hint="Available less committed"
          testId={`runway-${c}-projected`}
        />
        <Figure
          label="Net outflow a day"
          value={
            runway.dailyOutflow === null
              ? "—"
              : runway.trend === "shrinking"
                ? formatMoney(runway.dailyOutflow, c)
                : "None"
          }
          hint={outflowHint(runway)}
        />
        <Figure
          label="Runway"
          value={
            runway.runwayDays === null
              ? "Not shrinking"
              : `${runway.runwayDays} day${runway.runwayDays === 1 ? "" : "s"}`
          }
          testId={`runway-${c}-days`}
        />
        <Figure
          label="Expected in"
          value={formatMoney(runway.expectedIn, c)}
          hint="Open payins; settle to their destination, not counted"
        />
        <Figure
          label="Floor"
          value={runway.floor === null ? "None" : formatMoney(runway.floor, c)}
          testId={`runway-${c}-floor`}
        />
      </dl>
      <div className="mt-4">
        <RunwayChart currency={c} points={runway.points} floor={runway.floor} />
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600 hover:text-slate-900">The next 14 days, day by day</summary>
        <Table>
          <THead>
            <TR>
              <TH>Day</TH>
              <TH className="text-right">Projected available</TH>
            </TR>
          </THead>
          <TBody>
            {runway.points.map((p) => (
              <TR key={p.day}>
                <TD>{day(p.day)}</TD>
                <TD className="text-right tabular-nums">{formatMoney(p.balance, c)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </details>
      {canSetFloor ? (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <FloorForm environment={environment} currency={c} floor={runway.floor} />
        </div>
      ) : null}
    </Card>
  );
}
