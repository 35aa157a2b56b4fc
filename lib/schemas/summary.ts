/**
 * The settlement summary (extension): what finance reads at a glance over a date range.
 * Browser-safe.
 */
import { z } from "@/lib/schemas/zod";
import { decimalString } from "./amount";
import { dateOrInstant } from "./common";

export const summaryQuerySchema = z.object({
  from: dateOrInstant("Requests created at or after (a date: from its start, UTC). Default: 30 days ago"),
  to: dateOrInstant("Requests created up to the end of this date, or before this instant. Default: now"),
});
export type SummaryQuery = z.output<typeof summaryQuerySchema>;

export const summarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Settled volume per UTC day (of completion) and destination currency. */
    settled_volume: z.array(
      z.object({ day: z.string(), currency: z.string(), amount: decimalString, count: z.number().int() }),
    ),
    /** Fees of settled requests, per source currency. */
    fees: z.array(z.object({ currency: z.string(), amount: decimalString })),
    counts_by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
    total: z.number().int(),
    settled: z.number().int(),
    failed: z.number().int(),
    /** Ended some other way (expired, canceled, refunded). */
    other_ended: z.number().int(),
    /** settled / ended and failed / ended, 0–1; null when nothing ended. */
    success_rate: z.number().nullable(),
    failure_rate: z.number().nullable(),
    /** Seconds from creation to completion of settled requests; null when none settled. */
    time_to_settle: z.object({ median_seconds: z.number().nullable(), p90_seconds: z.number().nullable() }),
  })
  .meta({ id: "SettlementSummary" });
export type Summary = z.output<typeof summarySchema>;
