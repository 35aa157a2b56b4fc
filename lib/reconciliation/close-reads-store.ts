import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { CloseReads, FxPair, InTransitPayment } from "./close-reads";

/** A month's close reads for one currency as stored by its last sync, with when they were read. */
export type StoredCloseReads = CloseReads & { readAt: string };

/** Replaces a month's close reads, every currency at once (the sync's last read wins). */
export async function saveCloseReads(
  db: Executor,
  environment: Environment,
  period: string,
  reads: readonly CloseReads[],
): Promise<void> {
  if (reads.length === 0) return;
  const rows = reads.map((r) => ({
    currency: r.currency,
    in_transit_count: r.inTransitCount,
    in_transit_total: r.inTransitTotal,
    in_transit: r.inTransit,
    fx: r.fx,
  }));
  await db.execute(
    sql`insert into console_recon_close_reads
          (environment, period, currency, read_at, in_transit_count, in_transit_total, in_transit, fx)
        select ${environment}, ${period}, r.currency, now(), r.in_transit_count, r.in_transit_total, r.in_transit, r.fx
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
            currency text, in_transit_count integer, in_transit_total numeric, in_transit jsonb, fx jsonb)
        on conflict (environment, period, currency) do update
          set read_at = excluded.read_at, in_transit_count = excluded.in_transit_count,
              in_transit_total = excluded.in_transit_total, in_transit = excluded.in_transit, fx = excluded.fx`,
  );
}

/** One currency's close reads for the month (its primary key: one row), or null before the month was synced. */
export async function loadCloseReads(
  db: Executor,
  environment: Environment,
  period: string,
  currency: string,
): Promise<StoredCloseReads | null> {
  const [row] = await queryRows<{
    read_at: string | Date;
    in_transit_count: number;
    in_transit_total: string;
    in_transit: InTransitPayment[] | string;
    fx: FxPair[] | string;
  }>(
    db,
    sql`select read_at, in_transit_count, in_transit_total::text as in_transit_total, in_transit, fx
          from console_recon_close_reads
         where environment = ${environment} and period = ${period} and currency = ${currency}`,
  );
  if (!row) return null;
  const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  return {
    currency,
    readAt: new Date(row.read_at).toISOString(),
    inTransitCount: Number(row.in_transit_count),
    inTransitTotal: row.in_transit_total,
    inTransit: json(row.in_transit),
    fx: json(row.fx),
  };
}
