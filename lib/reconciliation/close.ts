import "server-only";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { isStablecoin, type Environment } from "@/lib/schemas/catalog";
import type { Statement } from "@/lib/schemas/statement";
import { getBalanceStatement } from "@/lib/settlement-api";
import type { FxPair, InTransitPayment } from "./close-reads";
import { loadCloseReads } from "./close-reads-store";
import { env } from "@/lib/env";
import { lastDayOf, monthEnd, monthStart } from "./period";
import { insertAdjustment } from "./expected-store";
import { lockOf } from "./work";
import { openPeriodAfter } from "./locks";

/**
 * Closing a month per currency and environment (issue 46, decisions D24.7): the balance proof
 * from the service's ledger (opening plus every movement equals closing, to the cent), what was
 * in transit at the month's end and the FX (as the month's last sync read them: close-reads.ts),
 * fees itemized, and whether every expected settlement is
 * matched, resolved or written off. Locking keeps the proof it was locked on; after the lock a
 * change is an adjustment recorded in the next open month, and the closed one is never edited.
 */

export type BalanceProof =
  | {
      kind: "ledger";
      opening: string;
      closing: string;
      /** Σ of the ledger's movements by kind (seed, reserve, release, consume, network_fee, …). */
      movements: Array<{ kind: string; count: number; total: string }>;
      sum: string;
      /** opening + sum: what the closing balance must be. */
      reached: string;
      /** opening + sum − closing: "0" when it balances. */
      gap: string;
      balances: boolean;
    }
  | { kind: "flows"; received: string; sent: string; note: string };

export type ClosePack = {
  environment: Environment;
  currency: string;
  period: string;
  from: string;
  to: string;
  proof: BalanceProof;
  /** When the month's sync last read the service for in transit and FX; null before its first run. */
  readAt: string | null;
  /** Every payment in transit at the month's end: how many, their total, and the oldest by name. */
  inTransitCount: number;
  inTransitTotal: string;
  inTransit: InTransitPayment[];
  fees: Array<{ kind: string; count: number; total: string }>;
  fx: FxPair[];
  expected: { total: number; open: number; exceptions: number };
  openExceptions: number;
  adjustments: Array<{
    id: string;
    amount: string;
    forPeriod: string;
    note: string;
    createdBy: string;
    createdAt: string;
  }>;
  lock: { lockedAt: string; lockedBy: string } | null;
  /** Why the month cannot be locked yet, or null. */
  blocker: string | null;
  errors: string[];
};

export async function closePack(
  db: Executor,
  environment: Environment,
  currency: string,
  period: string,
): Promise<ClosePack> {
  const from = `${period}-01`;
  const to = lastDayOf(period);
  const errors: string[] = [];
  const [proof, reads, counts, adjustments, lock, feeRows] = await Promise.all([
    balanceProof(db, environment, currency, period, from, to, errors),
    loadCloseReads(db, environment, period, currency),
    countsOf(db, environment, currency, period),
    adjustmentsOf(db, environment, currency, period),
    lockOf(db, environment, currency, period),
    queryRows<{ kind: string; n: string | number; total: string | null }>(
      db,
      sql`select kind, count(*) as n, sum(fee)::text as total from console_recon_movements
           where environment = ${environment} and currency = ${currency} and not returned
             and day between ${from}::date and ${to}::date and fee > 0
           group by kind order by kind`,
    ),
  ]);
  const fees = feeRows.map((r) => ({ kind: `${r.kind} fees`, count: Number(r.n), total: r.total ?? "0" }));
  if (proof.kind === "ledger") {
    const network = proof.movements.find((m) => m.kind === "network_fee");
    if (network)
      fees.push({
        kind: "network fees (ledger)",
        count: network.count,
        total: new Decimal(network.total).abs().toFixed(),
      });
  }
  const end = monthEnd(period, env().MERCHANT_TIME_ZONE);
  const blocker = !reads
    ? "The month has not been read from the service yet: run matching first."
    : Date.now() >= end && Date.parse(reads.readAt) < end
      ? "The month was read before it ended: run matching again, so what was in transit is as at its end."
      : counts.open + counts.exceptions > 0
        ? `${counts.open + counts.exceptions} expected settlement${counts.open + counts.exceptions === 1 ? " is" : "s are"} neither matched, resolved nor written off.`
        : counts.openExceptions > 0
          ? `${counts.openExceptions} exception${counts.openExceptions === 1 ? "" : "s"} in ${currency} still open.`
          : proof.kind === "ledger" && !proof.balances
            ? `The ledger does not balance: a gap of ${proof.gap} ${currency}.`
            : errors.length > 0
              ? "The service could not be read completely."
              : null;
  // A locked month shows the figures it was locked on: what arrived since is in the next open month.
  const locked = lock ? await lockedFigures(db, environment, currency, period) : null;
  if (locked)
    return {
      environment,
      currency,
      period,
      from,
      to,
      proof: locked.proof,
      readAt: locked.readAt,
      inTransitCount: locked.inTransit.count,
      inTransitTotal: locked.inTransit.total,
      inTransit: reads?.inTransit ?? [],
      fees: locked.fees,
      fx: locked.fx,
      expected: locked.expected,
      openExceptions: 0,
      adjustments,
      lock,
      blocker: null,
      errors,
    };
  return {
    environment,
    currency,
    period,
    from,
    to,
    proof,
    readAt: reads?.readAt ?? null,
    inTransitCount: reads?.inTransitCount ?? 0,
    inTransitTotal: reads?.inTransitTotal ?? "0",
    inTransit: reads?.inTransit ?? [],
    fees,
    fx: reads?.fx ?? [],
    expected: { total: counts.total, open: counts.open, exceptions: counts.exceptions },
    openExceptions: counts.openExceptions,
    adjustments,
    lock,
    blocker,
    errors,
  };
}

/** A stablecoin's proof from the ledger, read in parts when one answer is truncated; another currency's flows. */
/** A merchant's month as the instants [start, end) the service's statement is read over. */
const monthRange = (period: string) => {
  const zone = env().MERCHANT_TIME_ZONE;
  return { start: monthStart(period, zone), end: monthEnd(period, zone) };
};

async function balanceProof(
  db: Executor,
  environment: Environment,
  currency: string,
  period: string,
  from: string,
  to: string,
  errors: string[],
): Promise<BalanceProof> {
  if (!isStablecoin(currency)) {
    const rows = await queryRows<{ direction: string; total: string | null }>(
      db,
      sql`select direction, sum(amount)::text as total from console_recon_movements
           where environment = ${environment} and currency = ${currency} and not returned
             and day between ${from}::date and ${to}::date group by direction`,
    );
    const of = (d: string) => rows.find((r) => r.direction === d)?.total ?? "0";
    return {
      kind: "flows",
      received: of("in"),
      sent: of("out"),
      note: `The service holds no ${currency} balance: ${currency} passes through settlement requests, so the month's proof is what was received and sent (${period}).`,
    };
  }
  const parts = await statementParts(environment, currency, monthRange(period), errors);
  const first = parts[0];
  const last = parts[parts.length - 1];
  const byKind = new Map<string, { count: number; total: Decimal }>();
  let sum = new Decimal(0);
  for (const part of parts)
    for (const entry of part.entries) {
      sum = sum.plus(entry.total_delta);
      const k = byKind.get(entry.kind) ?? { count: 0, total: new Decimal(0) };
      k.count++;
      k.total = k.total.plus(entry.total_delta);
      byKind.set(entry.kind, k);
    }
  const opening = new Decimal(first?.opening.total ?? 0);
  const closing = new Decimal(last?.closing.total ?? 0);
  const gap = opening.plus(sum).minus(closing);
  return {
    kind: "ledger",
    opening: opening.toFixed(),
    closing: closing.toFixed(),
    movements: [...byKind.entries()].map(([kind, v]) => ({ kind, count: v.count, total: v.total.toFixed() })),
    sum: sum.toFixed(),
    reached: opening.plus(sum).toFixed(),
    gap: gap.toFixed(),
    balances: gap.isZero() && parts.length > 0,
  };
}

/**
 * The statement for the instants [start, end) (a merchant's month: monthStart and monthEnd), split
 * in halves, down to the second, until no part is truncated: every movement is summed once (a
 * part's end is the next one's start).
 */
export async function statementParts(
  environment: Environment,
  currency: string,
  { start, end }: { start: number; end: number },
  errors: string[],
): Promise<Statement[]> {
  const read = async (a: number, b: number): Promise<Statement[]> => {
    const result = await getBalanceStatement(environment, currency, {
      from: new Date(a).toISOString(),
      to: new Date(b).toISOString(),
    });
    if (!result.ok) {
      errors.push(`The ${currency} statement could not be read: ${result.error.message}`);
      return [];
    }
    if (!result.data.truncated) return [result.data];
    if (b - a <= 1000) {
      errors.push(`The ${currency} statement has more movements in one second than it lists.`);
      return [result.data];
    }
    const middle = a + Math.floor((b - a) / 2000) * 1000;
    return [...(await read(a, middle)), ...(await read(middle, b))];
  };
  return read(start, end);
}

async function countsOf(db: Executor, environment: Environment, currency: string, period: string) {
  const [expected, exceptions] = await Promise.all([
    queryRows<{ state: string; n: string | number }>(
      db,
      sql`select state, count(*) as n from console_recon_expected
           where environment = ${environment} and period = ${period} and currency = ${currency} group by state`,
    ),
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from console_recon_exceptions
           where environment = ${environment} and period = ${period} and currency = ${currency} and status in ('open', 'pending_write_off')`,
    ),
  ]);
  const n = (s: string) => Number(expected.find((r) => r.state === s)?.n ?? 0);
  return {
    total: expected.reduce((t, r) => t + Number(r.n), 0),
    open: n("open"),
    exceptions: n("exception"),
    openExceptions: Number(exceptions[0]?.n ?? 0),
  };
}

async function adjustmentsOf(db: Executor, environment: Environment, currency: string, period: string) {
  const rows = await queryRows<{
    id: string;
    amount: string;
    for_period: string;
    note: string;
    created_by: string;
    created_at: string | Date;
  }>(
    db,
    sql`select id, amount::text as amount, for_period, note, created_by, created_at from console_recon_adjustments
         where environment = ${environment} and currency = ${currency} and period = ${period} order by created_at, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    forPeriod: r.for_period,
    note: r.note,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** What a month was locked on (lockPeriod stores it with the lock). */
type LockedFigures = {
  proof: BalanceProof;
  readAt: string | null;
  inTransit: { count: number; total: string };
  fees: ClosePack["fees"];
  fx: FxPair[];
  expected: ClosePack["expected"];
};

async function lockedFigures(
  db: Executor,
  environment: Environment,
  currency: string,
  period: string,
): Promise<LockedFigures | null> {
  const rows = await queryRows<{ proof: LockedFigures | string }>(
    db,
    sql`select proof from console_recon_periods
         where environment = ${environment} and currency = ${currency} and period = ${period}`,
  );
  const stored = rows[0]?.proof;
  return stored ? (typeof stored === "string" ? (JSON.parse(stored) as LockedFigures) : stored) : null;
}

/** Locks the month for the currency with the pack it was locked on; refused while anything is open. */
export async function lockPeriod(
  db: Executor,
  environment: Environment,
  currency: string,
  period: string,
  by: string,
  andThen?: (tx: Executor, lockedAt: string) => Promise<void>,
): Promise<{ ok: true; pack: ClosePack } | { ok: false; code: string; message: string }> {
  // The pack is read first, outside any transaction: it may ask the API (the sandbox clock), and an
  // embedded database has one connection, which an open transaction would hold.
  const pack = await closePack(db, environment, currency, period);
  if (pack.lock) return { ok: false, code: "already_locked", message: `${period} is already closed for ${currency}.` };
  if (pack.blocker) return { ok: false, code: "not_ready", message: pack.blocker };
  const proof = {
    proof: pack.proof,
    readAt: pack.readAt,
    inTransit: { count: pack.inTransitCount, total: pack.inTransitTotal },
    fees: pack.fees,
    fx: pack.fx,
    expected: pack.expected,
  };
  // The lock and what goes with it (its notice) in one short transaction of the database's own statements.
  const rows = await db.transaction(async (tx) => {
    const made = await queryRows<{ period: string; locked_at: string }>(
      tx,
      sql`insert into console_recon_periods (environment, currency, period, locked_by, proof)
          values (${environment}, ${currency}, ${period}, ${by}, ${JSON.stringify(proof)}::jsonb)
          on conflict do nothing returning period, locked_at::text as locked_at`,
    );
    if (made[0] && andThen) await andThen(tx, made[0].locked_at);
    return made;
  });
  if (rows.length === 0) return { ok: false, code: "already_locked", message: `${period} was closed meanwhile.` };
  return { ok: true, pack: { ...pack, lock: (await lockOf(db, environment, currency, period)) ?? null } };
}

/** Unlocks a month (an administrator's step, audited by its action): when the lock it lifted was made, or null when there was none. */
export async function unlockPeriod(
  db: Executor,
  environment: Environment,
  currency: string,
  period: string,
): Promise<string | null> {
  const rows = await queryRows<{ locked_at: string }>(
    db,
    sql`delete from console_recon_periods
         where environment = ${environment} and currency = ${currency} and period = ${period}
         returning locked_at::text as locked_at`,
  );
  return rows[0]?.locked_at ?? null;
}

/** Records an adjustment to a closed month in the next open one; the closed month is not touched. */
export async function recordAdjustment(
  db: Executor,
  environment: Environment,
  input: { currency: string; forPeriod: string; amount: string; note: string; expectedId?: string | null },
  by: string,
): Promise<{ id: string; period: string }> {
  const period = await openPeriodAfter(db, environment, input.currency, input.forPeriod);
  const id = await insertAdjustment(db, environment, { ...input, period }, by);
  return { id, period };
}
