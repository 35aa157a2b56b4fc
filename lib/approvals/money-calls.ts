import "server-only";
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { noticeDailyLimitNearlyUsed } from "./notices";
import type { Environment } from "@/lib/schemas/catalog";

/**
 * The console's memory of its money movements (issue 43, decisions D19.11): every settlement
 * request, disbursement and /v1 payment it sent or held, with its destination's book key, the
 * amount in its currency and in USD, and how it ended. Possible duplicates and today's usage of
 * a daily limit are read from it, under advisory locks, in the transaction that records the new
 * one: two submissions racing on two instances cannot both pass unseen.
 */

export type MoneyCallStatus = "held" | "sending" | "sent" | "failed" | "withdrawn";

export type MoneyCallFacts = {
  environment: Environment;
  action: string;
  userId: string;
  destinationKey: string | null;
  currency: string | null;
  amount: string | null;
  amountUsd: string | null;
  externalId: string | null;
};

/** An earlier movement a new one may repeat: the same destination and currency, or the same external_id, within 24 h. */
export type PossibleDuplicate = {
  id: string;
  submissionId: string | null;
  status: MoneyCallStatus;
  createdAt: string;
  amount: string | null;
  currency: string | null;
  userId: string;
  /** What it shares with the new one. */
  same: "destination" | "external_id";
};

export const DUPLICATE_WINDOW_HOURS = 24;

type Row = {
  id: string;
  submission_id: string | null;
  status: MoneyCallStatus;
  created_at: Date | string;
  amount: string | null;
  currency: string | null;
  user_id: string;
  same: "destination" | "external_id";
};

const toDuplicate = (r: Row): PossibleDuplicate => ({
  id: r.id,
  submissionId: r.submission_id,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  amount: r.amount,
  currency: r.currency,
  userId: r.user_id,
  same: r.same,
});

/** Earlier movements (held, on their way or sent) `facts` may repeat, newest first; `except` leaves one out. */
export async function possibleDuplicates(
  db: Executor,
  facts: Pick<MoneyCallFacts, "environment" | "destinationKey" | "currency" | "externalId">,
  options: { at?: Date; except?: string } = {},
): Promise<PossibleDuplicate[]> {
  if (!(facts.destinationKey && facts.currency) && !facts.externalId) return [];
  const at = options.at ?? new Date();
  const from = new Date(at.getTime() - DUPLICATE_WINDOW_HOURS * 3_600_000);
  const live = sql`status in ('held', 'sending', 'sent')`;
  const to = new Date(at.getTime() + DUPLICATE_WINDOW_HOURS * 3_600_000);
  const window = sql`created_at > ${from} and created_at < ${to}`;
  const except = options.except ? sql`and id <> ${options.except}` : sql``;
  const parts = [];
  if (facts.destinationKey && facts.currency)
    parts.push(sql`(select id, submission_id, status, created_at, amount::text, currency, user_id, 'destination' as same
      from console_money_calls
      where environment = ${facts.environment} and destination_key = ${facts.destinationKey}
        and currency = ${facts.currency} and ${window} and ${live} ${except}
      order by created_at desc limit 5)`);
  if (facts.externalId)
    parts.push(sql`(select id, submission_id, status, created_at, amount::text, currency, user_id, 'external_id' as same
      from console_money_calls
      where environment = ${facts.environment} and external_id = ${facts.externalId} and ${window} and ${live} ${except}
      order by created_at desc limit 5)`);
  const rows = await queryRows<Row>(db, sql.join(parts, sql` union all `));
  const seen = new Set<string>();
  return rows
    .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())
    .filter((r) => {
      if (seen.has(r.id)) return false;
      seen.add(r.id);
      return true;
    })
    .map(toDuplicate);
}

/** What was sent (or is on its way) today by this person, in USD: the daily limit's usage. */
export async function usedTodayUsd(
  db: Executor,
  userId: string,
  environment: Environment,
  dayStart: Date,
): Promise<string> {
  const [row] = await queryRows<{ used: string | null }>(
    db,
    sql`select coalesce(sum(amount_usd), 0)::text as used from console_money_calls
        where environment = ${environment} and user_id = ${userId} and created_at >= ${dayStart}
          and status in ('sending', 'sent')`,
  );
  return row?.used ?? "0";
}

/** What the controls decided for a new movement, in the transaction that recorded it. */
export type MoneyCallOutcome = "go" | "held" | "duplicate" | "over_limit";

/**
 * Records a new movement after reading, under locks on its destination, its external_id and its
 * author's day, the possible duplicates and today's usage so far, and decides in the same
 * transaction: held by a rule; held as a possible duplicate (`holdDuplicates`); past the daily
 * limit (`limitUsd`; an amount that cannot be priced counts as past it); or on its way ("sending",
 * counted from now on). A second submission on another instance waits for this transaction,
 * then sees it.
 */
export async function recordMoneyCall(
  db: Executor,
  facts: MoneyCallFacts,
  options: {
    dayStart: Date;
    heldByRule: boolean;
    holdDuplicates: boolean;
    limitUsd: string | null;
    /** The merchant's time zone, named in the 80% notice. */
    zone?: string;
  },
): Promise<{ id: string; outcome: MoneyCallOutcome; duplicates: PossibleDuplicate[]; usedTodayUsd: string }> {
  const id = `mc_${randomBytes(12).toString("base64url")}`;
  const lock = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 43))`;
  return db.transaction(async (tx) => {
    const keys = [
      facts.destinationKey && facts.currency
        ? `money:${facts.environment}:${facts.destinationKey}:${facts.currency}`
        : null,
      facts.externalId ? `money:${facts.environment}:external:${facts.externalId}` : null,
      `money:${facts.environment}:day:${facts.userId}`,
    ]
      .filter((k): k is string => k !== null)
      .sort();
    for (const key of keys) await tx.execute(lock(key));
    const duplicates = await possibleDuplicates(tx, facts);
    const used = await usedTodayUsd(tx, facts.userId, facts.environment, options.dayStart);
    const overLimit =
      options.limitUsd !== null &&
      (facts.amountUsd === null || new Decimal(used).plus(facts.amountUsd).gt(options.limitUsd));
    const outcome: MoneyCallOutcome = options.heldByRule
      ? "held"
      : options.holdDuplicates && duplicates.length > 0
        ? "duplicate"
        : overLimit
          ? "over_limit"
          : "go";
    await tx.execute(
      sql`insert into console_money_calls (id, environment, action, user_id, destination_key, currency, amount, amount_usd, external_id, status)
          values (${id}, ${facts.environment}, ${facts.action}, ${facts.userId}, ${facts.destinationKey}, ${facts.currency},
                  ${facts.amount}::numeric, ${facts.amountUsd}::numeric, ${facts.externalId}, ${outcome === "go" ? "sending" : "held"})`,
    );
    if (outcome === "go" && options.limitUsd !== null)
      await noticeDailyLimitNearlyUsed(tx, {
        userId: facts.userId,
        before: used,
        amountUsd: facts.amountUsd,
        limitUsd: options.limitUsd,
        dayStart: options.dayStart,
        zone: options.zone ?? "UTC",
      });
    return { id, outcome, duplicates, usedTodayUsd: used };
  });
}

/** The movement is held by a submission (a rule, a possible duplicate, the daily limit). */
export async function holdMoneyCall(db: Executor, id: string, submissionId: string): Promise<void> {
  await db.execute(
    sql`update console_money_calls set status = 'held', submission_id = ${submissionId} where id = ${id}`,
  );
}

/** How the movement ended; a success is the destination's first payment if it had none. */
export async function finishMoneyCall(db: Executor, id: string, ok: boolean): Promise<void> {
  const rows = await queryRows<{ environment: string; destination_key: string | null }>(
    db,
    sql`update console_money_calls set status = ${ok ? "sent" : "failed"}, finished_at = now()
        where id = ${id} returning environment, destination_key`,
  );
  const row = rows[0];
  if (ok && row?.destination_key) await notePaid(db, row.environment as Environment, row.destination_key);
}

/** A held submission was sent, failed, denied or expired: its movement says so. */
export async function finishHeldMoneyCall(db: Executor, submissionId: string, status: MoneyCallStatus): Promise<void> {
  const rows = await queryRows<{ environment: string; destination_key: string | null }>(
    db,
    sql`update console_money_calls set status = ${status}, finished_at = now()
        where submission_id = ${submissionId} and status = 'held' returning environment, destination_key`,
  );
  for (const row of rows)
    if (status === "sent" && row.destination_key)
      await notePaid(db, row.environment as Environment, row.destination_key);
}

/** The movement held by a submission, for its page's duplicate flags. */
export async function moneyCallOf(
  db: Executor,
  submissionId: string,
): Promise<(MoneyCallFacts & { id: string; createdAt: Date }) | null> {
  const [row] = await queryRows<{
    id: string;
    environment: Environment;
    action: string;
    user_id: string;
    destination_key: string | null;
    currency: string | null;
    amount: string | null;
    amount_usd: string | null;
    external_id: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, environment, action, user_id, destination_key, currency, amount::text, amount_usd::text, external_id, created_at
        from console_money_calls where submission_id = ${submissionId} limit 1`,
  );
  if (!row) return null;
  return {
    id: row.id,
    environment: row.environment,
    action: row.action,
    userId: row.user_id,
    destinationKey: row.destination_key,
    currency: row.currency,
    amount: row.amount,
    amountUsd: row.amount_usd,
    externalId: row.external_id,
    createdAt: new Date(row.created_at),
  };
}

/** When a destination was first seen and first paid: the first sighting is kept, never restarted. */
export async function noteDestination(
  db: Executor,
  environment: Environment,
  key: string,
): Promise<{ firstSeenAt: Date; firstPaidAt: Date | null }> {
  const [row] = await queryRows<{ first_seen_at: Date | string; first_paid_at: Date | string | null }>(
    db,
    sql`insert into console_destinations as d (environment, match_key) values (${environment}, ${key})
        on conflict (environment, match_key) do update set first_seen_at = d.first_seen_at
        returning first_seen_at, first_paid_at`,
  );
  return {
    firstSeenAt: new Date(row?.first_seen_at ?? Date.now()),
    firstPaidAt: row?.first_paid_at ? new Date(row.first_paid_at) : null,
  };
}

/** The destinations of `keys` this account knows, by key (the payee book's states). */
export async function destinationsOf(
  db: Executor,
  environment: Environment,
  keys: string[],
): Promise<Map<string, { firstSeenAt: Date; firstPaidAt: Date | null }>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{
    match_key: string;
    first_seen_at: Date | string;
    first_paid_at: Date | string | null;
  }>(
    db,
    sql`select match_key, first_seen_at, first_paid_at from console_destinations
        where environment = ${environment} and match_key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((r) => [
      r.match_key,
      { firstSeenAt: new Date(r.first_seen_at), firstPaidAt: r.first_paid_at ? new Date(r.first_paid_at) : null },
    ]),
  );
}

/** A destination was paid successfully (a direct call, an approved one, a batch row): its first payment, if it had none. */
export async function notePaid(db: Executor, environment: Environment, key: string): Promise<void> {
  await db.execute(
    sql`insert into console_destinations as d (environment, match_key, first_paid_at) values (${environment}, ${key}, now())
        on conflict (environment, match_key) do update set first_paid_at = coalesce(d.first_paid_at, now())`,
  );
}

/** For each held submission of `ids`, the other movements it may repeat (the queue's and its page's flags). */
export async function duplicateFlags(db: Executor, ids: string[]): Promise<Map<string, PossibleDuplicate[]>> {
  const flags = new Map<string, PossibleDuplicate[]>();
  for (const id of ids) {
    const call = await moneyCallOf(db, id);
    if (!call) continue;
    const found = await possibleDuplicates(db, call, { at: call.createdAt, except: call.id });
    if (found.length > 0) flags.set(id, found);
  }
  return flags;
}

/** `noteDestination` for many at once (a batch's rows): one statement to note them, one to read them. */
export async function noteDestinations(
  db: Executor,
  environment: Environment,
  keys: string[],
): Promise<Map<string, { firstSeenAt: Date; firstPaidAt: Date | null }>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  await db.execute(
    sql`insert into console_destinations (environment, match_key)
        select ${environment}, k from (values ${sql.join(
          unique.map((k) => sql`(${k})`),
          sql`, `,
        )}) as v(k)
        on conflict (environment, match_key) do nothing`,
  );
  return destinationsOf(db, environment, unique);
}
