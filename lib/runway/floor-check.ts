import "server-only";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { availableBalances } from "@/lib/settlement-api/available-balances";
import { formatMoney } from "@/lib/money/format";
import { toDec } from "@/lib/money/decimal";
import { type FloorBreach, floorBreach } from "./projection";
import { committedOut, floorsOf } from "./store";

/**
 * Whether paying these amounts would take a currency's projected available balance (available
 * now, less what the console has committed) below its floor (decisions D25.7): each currency
 * that breaks, with the figure. No floor in the environment: no call to the service at all. A
 * balance the service does not give holds nothing (the service refuses what it cannot pay).
 */
export async function floorBreaches(
  db: Executor,
  environment: Environment,
  amounts: ReadonlyArray<{ currency: string; amount: string }>,
): Promise<FloorBreach[]> {
  const floors = await floorsOf(db, environment);
  const floored = amounts.filter((a) => floors.some((f) => f.currency === a.currency));
  if (floored.length === 0) return [];
  const [balances, committed] = await Promise.all([availableBalances(environment), committedOut(db, environment)]);
  if (!balances) return [];
  return floored.flatMap((a) => {
    const available = balances.find((b) => b.currency === a.currency)?.available_balance ?? "0";
    const projectedNow = toDec(available)
      .minus(toDec(committed.get(a.currency) ?? "0"))
      .toFixed();
    const floor = floors.find((f) => f.currency === a.currency)?.amount ?? null;
    const breach = floorBreach({ currency: a.currency, projectedNow, floor }, a.amount);
    return breach ? [breach] : [];
  });
}

/** A floored currency's room: what can still be paid before its floor (projected available less the floor). */
export type FloorRoom = { currency: string; floor: string; projectedNow: string; room: string };

/**
 * Each floored currency's room, from balances already read (the disbursement form shows it
 * beside the amount and in the production confirmation). No floor: an empty list, no read.
 */
export async function floorRooms(
  db: Executor,
  environment: Environment,
  balances: ReadonlyArray<{ currency: string; available_balance: string }> | null,
): Promise<FloorRoom[]> {
  const floors = await floorsOf(db, environment);
  if (floors.length === 0 || !balances) return [];
  const committed = await committedOut(db, environment);
  return floors.map((f) => {
    const available = balances.find((b) => b.currency === f.currency)?.available_balance ?? "0";
    const projected = toDec(available).minus(toDec(committed.get(f.currency) ?? "0"));
    return {
      currency: f.currency,
      floor: f.amount,
      projectedNow: projected.toFixed(),
      room: projected.minus(toDec(f.amount)).toFixed(),
    };
  });
}

/** "USDC: 4,999.50 USDC would be left, below its floor of 5,000.00 USDC (by 0.50 USDC)" */
export function breachText(breaches: ReadonlyArray<FloorBreach>): string {
  return breaches
    .map(
      (b) =>
        `${b.currency}: ${formatMoney(b.after, b.currency)} would be left, below its runway floor of ${formatMoney(b.floor, b.currency)} (by ${formatMoney(b.short, b.currency)})`,
    )
    .join("; ");
}
