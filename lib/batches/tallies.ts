import "server-only";
import Decimal from "decimal.js";
import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { totalsByCurrency } from "./rows";
import { batchRows } from "./schema";
import type { SettledTotals, BatchProgress, BatchTotals } from "./types";
import { ROW_FAILED } from "./row-failed-sql";

/** What a batch adds up to: its progress counters and its totals per currency (decisions D20.9). */

/** Counts for the progress bar, in one statement. */
export async function progressOf(db: Executor, id: string): Promise<BatchProgress> {
  const [row] = await queryRows<Record<keyof BatchProgress, string | number>>(
    db,
    sql`select count(*) as rows,
          count(*) filter (where included) as included,
          count(*) filter (where included and jsonb_array_length(problems) > 0) as invalid,
          count(*) filter (where not included) as dropped,
          count(*) filter (where included and send_state = 'waiting') as waiting,
          count(*) filter (where included and send_state = 'sending') as sending,
          count(*) filter (where send_state = 'sent') as sent,
          count(*) filter (where send_state = 'failed') as refused,
          count(*) filter (where send_state = 'sent' and not coalesce(result_final, false)) as moving,
          count(*) filter (where ${ROW_FAILED}) as failed,
          count(*) filter (where send_state = 'sent' and result_final and result_status in ('COMPLETED', 'SETTLEMENT_COMPLETED', 'REQUEST_COMPLETED')) as "succeeded",
          count(*) filter (where included and dry_run is not null) as "dryRunDone",
          count(*) filter (where included and dry_run is not null and not (dry_run->>'ok')::boolean) as "dryRunFailed"
        from console_batch_rows where batch_id = ${id}`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as BatchProgress;
}

/**
 * What a batch's rows came to, per currency (issue 44): paid (sent, and not failed since), failed
 * (refused, or failed after sending) and not sent (dropped, with problems, or never reached).
 */
export async function outcomeTotalsOf(db: Executor, id: string): Promise<SettledTotals> {
  const rows = await queryRows<{
    currency: string;
    paid: string;
    failed: string;
    not_sent: string;
    paid_n: string;
    failed_n: string;
    not_sent_n: string;
  }>(
    db,
    sql`select currency,
          coalesce(sum(amount) filter (where send_state = 'sent' and not ${ROW_FAILED}), 0)::text as paid,
          coalesce(sum(amount) filter (where ${ROW_FAILED}), 0)::text as failed,
          coalesce(sum(amount) filter (where send_state not in ('sent', 'failed')), 0)::text as not_sent,
          count(*) filter (where send_state = 'sent' and not ${ROW_FAILED}) as paid_n,
          count(*) filter (where ${ROW_FAILED}) as failed_n,
          count(*) filter (where send_state not in ('sent', 'failed')) as not_sent_n
        from console_batch_rows where batch_id = ${id} and currency is not null and amount is not null
        group by currency order by currency`,
  );
  const decimal = (v: string) => new Decimal(v).toFixed();
  return rows.map((r) => ({
    currency: r.currency,
    paid: { amount: decimal(r.paid), count: Number(r.paid_n) },
    failed: { amount: decimal(r.failed), count: Number(r.failed_n) },
    notSent: { amount: decimal(r.not_sent), count: Number(r.not_sent_n) },
  }));
}

/** Totals per currency of the rows that would be sent (included, without problems). */
export async function totalsOf(db: Executor, id: string): Promise<BatchTotals> {
  const rows = await db
    .select({ currency: batchRows.currency, amount: batchRows.amount })
    .from(batchRows)
    .where(
      and(
        eq(batchRows.batchId, id),
        eq(batchRows.included, true),
        eq(batchRows.sendState, "waiting"),
        sql`jsonb_array_length(${batchRows.problems}) = 0`,
      ),
    );
  return totalsByCurrency(rows);
}

/** The dry run's fees, summed per fee currency. */
export async function dryRunFeesOf(db: Executor, id: string): Promise<BatchTotals> {
  const rows = await queryRows<{ currency: string; amount: string; count: string }>(
    db,
    sql`select dry_run->>'feeCurrency' as currency, sum((dry_run->>'fee')::numeric)::text as amount, count(*) as count
        from console_batch_rows where batch_id = ${id} and included and dry_run->>'fee' is not null
        group by 1 order by 1`,
  );
  return rows.map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.count) }));
}

/** The quotes' fees over the rows that would be sent, per fee currency; and how many rows are priced or could not be. */
export async function quoteFeesOf(
  db: Executor,
  id: string,
): Promise<{ fees: BatchTotals; funding: BatchTotals; priced: number; failed: number; of: number }> {
  // What the payers must send per currency, fees included (issue 44): the quotes' source amounts.
  const funding = await queryRows<{ currency: string; amount: string; count: string }>(
    db,
    sql`select quote->>'sendCurrency' as currency, sum((quote->>'send')::numeric)::text as amount, count(*) as count
        from console_batch_rows where batch_id = ${id} and included and jsonb_array_length(problems) = 0 and quote->>'send' is not null
        group by 1 order by 1`,
  );
  const fees = await queryRows<{ currency: string; amount: string; count: string }>(
    db,
    sql`select quote->>'feeCurrency' as currency, sum((quote->>'fee')::numeric)::text as amount, count(*) as count
        from console_batch_rows where batch_id = ${id} and included and jsonb_array_length(problems) = 0 and quote->>'fee' is not null
        group by 1 order by 1`,
  );
  const [counts] = await queryRows<{ priced: string; failed: string; of: string }>(
    db,
    sql`select count(*) filter (where quote->>'fee' is not null) as priced, count(*) filter (where quote ? 'error') as failed, count(*) as of
        from console_batch_rows where batch_id = ${id} and included and jsonb_array_length(problems) = 0`,
  );
  return {
    fees: fees.map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.count) })),
    funding: funding.map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.count) })),
    priced: Number(counts?.priced ?? 0),
    failed: Number(counts?.failed ?? 0),
    of: Number(counts?.of ?? 0),
  };
}
