import "server-only";
import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import type { BalanceKey } from "./ledger";
import { ledgerEntries } from "./schema";

export type StatementRow = {
  seq: number;
  createdAt: Date;
  kind: string;
  availableDelta: string;
  reservedDelta: string;
  refType: string;
  refId: string | null;
  /** Sums of the deltas from the first movement in the range through this one. */
  availableRunning: string;
  reservedRunning: string;
};

type Sums = { available: string; reserved: string; entries: number };

const ofBalance = (key: BalanceKey) =>
  and(
    eq(ledgerEntries.accountId, key.accountId),
    eq(ledgerEntries.environment, key.environment),
    eq(ledgerEntries.currency, key.currency),
  );

async function sums(db: Executor, where: SQL | undefined): Promise<Sums> {
  const [row] = await db
    .select({
      available: sql<string>`coalesce(sum(${ledgerEntries.availableDelta}), 0)::text`,
      reserved: sql<string>`coalesce(sum(${ledgerEntries.reservedDelta}), 0)::text`,
      entries: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(where);
  return { available: row.available, reserved: row.reserved, entries: Number(row.entries) };
}

/**
 * One balance's movements in [from, before): the sums before `from` (the opening), the sums of the
 * whole range (opening + these = closing), and the first `limit` movements in ledger order with
 * the running sums since the range began (a window over the balance's index).
 */
export async function statementOf(
  db: Executor,
  key: BalanceKey,
  range: { from?: Date; before?: Date },
  limit: number,
): Promise<{ opening: Sums; range: Sums; rows: StatementRow[] }> {
  const inRange = and(
    ofBalance(key),
    range.from ? gte(ledgerEntries.createdAt, range.from) : undefined,
    range.before ? lt(ledgerEntries.createdAt, range.before) : undefined,
  );
  const [opening, within, rows] = await Promise.all([
    range.from
      ? sums(db, and(ofBalance(key), lt(ledgerEntries.createdAt, range.from)))
      : Promise.resolve({ available: "0", reserved: "0", entries: 0 }),
    sums(db, inRange),
    db
      .select({
        seq: ledgerEntries.seq,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerEntries.kind,
        availableDelta: sql<string>`${ledgerEntries.availableDelta}::text`,
        reservedDelta: sql<string>`${ledgerEntries.reservedDelta}::text`,
        refType: ledgerEntries.refType,
        refId: ledgerEntries.refId,
        availableRunning: sql<string>`(sum(${ledgerEntries.availableDelta}) over (order by ${ledgerEntries.seq}))::text`,
        reservedRunning: sql<string>`(sum(${ledgerEntries.reservedDelta}) over (order by ${ledgerEntries.seq}))::text`,
      })
      .from(ledgerEntries)
      .where(inRange)
      .orderBy(asc(ledgerEntries.seq))
      .limit(limit),
  ]);
  return { opening, range: within, rows: rows as StatementRow[] };
}
