import "server-only";
import Decimal from "decimal.js";
import type { Summary, SummaryQuery } from "@/lib/schemas/summary";
import type { Caller, ServiceDeps } from "../context";
import { ENDED, summaryOf } from "../store/summary";
import { createdRange } from "@/lib/schemas/created-range";

const DAY = 86_400_000;

/** GET /v0/summary (extension, decision D6.3): the requests created in the range, summed up for finance. */
export async function settlementSummary(deps: ServiceDeps, caller: Caller, query: SummaryQuery): Promise<Summary> {
  const now = deps.clock.now();
  const range = createdRange({ created_from: query.from, created_to: query.to });
  const before = range.createdBefore ?? now;
  const from = range.createdFrom ?? new Date(before.getTime() - 30 * DAY);
  const row = await summaryOf(deps.db, caller, from, before);
  const statuses = row.statuses ?? [];
  const countOf = (set: readonly string[]) =>
    statuses.filter((s) => set.includes(s.status)).reduce((n, s) => n + s.count, 0);
  const settled = countOf(ENDED.settled);
  const failed = countOf(ENDED.failed);
  const otherEnded = countOf(ENDED.other);
  const ended = settled + failed + otherEnded;
  const seconds = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));
  return {
    from: from.toISOString(),
    to: before.toISOString(),
    settled_volume: (row.volume ?? []).map((v) => ({ ...v, amount: new Decimal(v.amount).toFixed(8) })),
    fees: (row.fees ?? []).map((f) => ({ currency: f.currency, amount: new Decimal(f.amount).toFixed(8) })),
    counts_by_status: statuses,
    total: statuses.reduce((n, s) => n + s.count, 0),
    settled,
    failed,
    other_ended: otherEnded,
    success_rate: ended === 0 ? null : settled / ended,
    failure_rate: ended === 0 ? null : failed / ended,
    time_to_settle: { median_seconds: seconds(row.median_seconds), p90_seconds: seconds(row.p90_seconds) },
  };
}
