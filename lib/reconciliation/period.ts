/** A month as reconciliation names it ("2026-11"). Browser-safe. */
import { addDays } from "@/lib/dates/calendar";
import { z } from "@/lib/schemas/zod";

export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month like 2026-11");

/** How far before a month starts and after it ends its matching looks for money. */
export const MOVEMENT_MARGIN_DAYS = 31;

/**
 * The days a month's matching reads movements from (and the sync reads the API for): a month
 * before it starts (paid early) to a month after it ends (paid late), whatever the account's
 * history, so a run costs the same in its first month and its tenth year.
 */
export function movementRange(period: string): { from: string; to: string } {
  const [y = 1970, m = 1] = period.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: addDays(`${period}-01`, -MOVEMENT_MARGIN_DAYS), to: addDays(lastDay, MOVEMENT_MARGIN_DAYS) };
}
