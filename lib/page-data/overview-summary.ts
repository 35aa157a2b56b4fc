import "server-only";
import { cache } from "react";
import { getSettlementSummary } from "@/lib/balances/actions/get-settlement-summary";

/** The first day of a range of `days` ending today (UTC), as the summary takes it. */
export function rangeStart(days: number): string {
  return new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The summary from a day, read once per render: the overview's live figures and its finance
 * section ask for the same 30 days by default (the service answers from its rollups, D6.6).
 */
export const summaryFrom = cache((from: string) => getSettlementSummary({ from }));
