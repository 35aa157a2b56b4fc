import type { LateExpected } from "./expected-store";

/** What the person who recorded a late expected settlement is told: its lock, and where it went. */
export type LateNotice = { reference: string; currency: string; lockedPeriod: string; period: string; message: string };

export function lateNotices(late: readonly LateExpected[]): LateNotice[] {
  return late.map((l) => {
    const reference = l.row.reference ?? l.row.counterparty ?? `${l.row.amount} ${l.row.currency}`;
    return {
      reference,
      currency: l.row.currency,
      lockedPeriod: l.lockedPeriod,
      period: l.period,
      message: `${reference}: ${l.lockedPeriod} is closed for ${l.row.currency}, so it was recorded in ${l.period} as an adjustment to ${l.lockedPeriod}.`,
    };
  });
}
