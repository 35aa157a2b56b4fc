/**
 * A currency's runway (issue 64, decisions D25.7): what the pre-funded balance can still pay,
 * from figures read elsewhere. Pure and browser-safe: the page, the holds and the tests use it.
 *
 * - Projected available now = the service's available balance (pending payouts are already
 *   reserved out of it) minus what the console has committed and not yet sent (held payouts
 *   waiting for approval, batch rows not yet sent).
 * - The daily outflow is the last 30 days' net outflow (opening minus closing total) over 30.
 *   Nothing flows out on a day it is zero or negative: the runway is then unbounded.
 * - Expected in (open payins) is shown but never counted: a settlement request's payin settles
 *   to its own destination, not into the pre-funded balance payouts draw from.
 */
import { Dec, precisionOf, roundDown, roundHalfUp, toDec } from "@/lib/money/decimal";
import { addDays } from "@/lib/dates/calendar";

/** How far the chart looks ahead, in days. */
export const RUNWAY_HORIZON_DAYS = 14;
/** The window the daily outflow is measured over, in days. */
export const OUTFLOW_WINDOW_DAYS = 30;

export type RunwayInputs = {
  currency: string;
  /** The service's available balance (after its reserves). */
  available: string;
  /** Reserved by the service for payouts under way. */
  reserved: string;
  /** Held or offered payouts and unsent batch rows in the console. */
  committed: string;
  /** Open payins that settle into this currency (shown, not counted). */
  expectedIn: string;
  /** Opening minus closing total over the last 30 days; null when the statement was not read. */
  netOutflow30: string | null;
  /** The floor an administrator set, or null. */
  floor: string | null;
  /** The merchant's day the projection starts on (YYYY-MM-DD). */
  today: string;
};

export type RunwayPoint = { day: string; balance: string };

export type Runway = RunwayInputs & {
  projectedNow: string;
  dailyOutflow: string | null;
  /** Which way the balance went over the last 30 days (null when not read). */
  trend: "shrinking" | "growing" | "flat" | null;
  /** Whole days until the projected available reaches zero; null when it does not shrink (or was not read). */
  runwayDays: number | null;
  /** The first day of the horizon the projection is below the floor, or null. */
  belowFloorOn: string | null;
  points: RunwayPoint[];
};

/** At the currency's places (the service's figures come at 8 decimals). */
const at = (x: Dec, currency: string) => roundHalfUp(x, precisionOf(currency)).toFixed(precisionOf(currency));

export function projectRunway(input: RunwayInputs): Runway {
  const { currency } = input;
  const projected = toDec(input.available).minus(toDec(input.committed));
  const daily =
    input.netOutflow30 === null
      ? null
      : roundHalfUp(toDec(input.netOutflow30).dividedBy(OUTFLOW_WINDOW_DAYS), precisionOf(currency));
  const shrinking = daily?.greaterThan(0) === true;
  const runwayDays =
    daily === null || !shrinking
      ? null
      : projected.lessThanOrEqualTo(0)
        ? 0
        : roundDown(projected.dividedBy(daily), 0).toNumber();
  const points: RunwayPoint[] = [];
  for (let d = 0; d <= RUNWAY_HORIZON_DAYS; d++) {
    const balance = shrinking && daily ? projected.minus(daily.times(d)) : projected;
    points.push({ day: addDays(input.today, d), balance: at(balance, currency) });
  }
  const floor = input.floor === null ? null : toDec(input.floor);
  const belowFloorOn = floor === null ? null : (points.find((p) => toDec(p.balance).lessThan(floor))?.day ?? null);
  return {
    ...input,
    projectedNow: at(projected, currency),
    dailyOutflow: daily === null ? null : at(daily, currency),
    trend: daily === null ? null : daily.greaterThan(0) ? "shrinking" : daily.isZero() ? "flat" : "growing",
    runwayDays,
    belowFloorOn,
    points,
  };
}

export type FloorBreach = { currency: string; amount: string; after: string; floor: string; short: string };

/**
 * Whether paying `amount` more would take the projected available below the floor: the figure
 * that breaks it (what would be left, the floor, how far below), or null.
 */
export function floorBreach(
  runway: Pick<Runway, "currency" | "projectedNow" | "floor">,
  amount: string,
): FloorBreach | null {
  if (runway.floor === null) return null;
  const after = toDec(runway.projectedNow).minus(toDec(amount));
  const floor = toDec(runway.floor);
  if (!after.lessThan(floor)) return null;
  const c = runway.currency;
  return {
    currency: c,
    amount: at(toDec(amount), c),
    after: at(after, c),
    floor: at(floor, c),
    short: at(floor.minus(after), c),
  };
}

/** Zero at a currency's places ("0.000000"). */
export const zeroIn = (currency: string) => at(new Dec(0), currency);
