import "server-only";
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Role } from "@/lib/auth/permissions";
import type { Executor } from "@/lib/db/database";
import { queryRows } from "@/lib/db/database";
import { dailyLimits } from "./schema";

/**
 * Daily limits (decisions D19.7): in production, what one person may send per currency per day
 * (in LIMITS_TIME_ZONE, UTC unless set), set for a role or for a person (a person's own limit
 * overrides their role's). The day's usage is reserved in the same statement that checks it,
 * so two submissions racing on two instances cannot both pass the limit; a call that fails
 * gives its reservation back.
 */
export type LimitRow = typeof dailyLimits.$inferSelect;
export type Limit = { id: string; amount: string; currency: string; scope: "person" | "role" };

/** The calendar day of `now` in `timeZone` (YYYY-MM-DD). */
export function dayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export async function limitFor(
  db: Executor,
  person: { userId: string; role: Role },
  environment: string,
  currency: string,
): Promise<Limit | null> {
  const rows = await db
    .select()
    .from(dailyLimits)
    .where(
      and(
        eq(dailyLimits.environment, environment as "production"),
        eq(dailyLimits.currency, currency),
        isNull(dailyLimits.removedAt),
      ),
    );
  const own = rows.find((r) => r.userId === person.userId);
  const role = rows.find((r) => r.role === person.role);
  const chosen = own ?? role;
  return chosen ? { id: chosen.id, amount: chosen.amount, currency, scope: own ? "person" : "role" } : null;
}

/**
 * Reserves `amount` of today's limit: the usage after, or null (nothing reserved) when it would
 * pass the limit. One statement: the usage row is locked by the upsert.
 */
export async function reserve(
  db: Executor,
  key: { userId: string; environment: string; day: string; currency: string },
  amount: string,
  limit: string,
): Promise<string | null> {
  const rows = await queryRows<{ amount: string }>(
    db,
    sql`insert into console_daily_usage as u (user_id, environment, day, currency, amount)
        select ${key.userId}, ${key.environment}, ${key.day}::date, ${key.currency}, ${amount}::numeric
        where ${amount}::numeric <= ${limit}::numeric
        on conflict (user_id, environment, day, currency) do update set amount = u.amount + excluded.amount
        where u.amount + excluded.amount <= ${limit}::numeric
        returning amount::text`,
  );
  return rows[0]?.amount ?? null;
}

/** Gives a reservation back (the call it was for failed). */
export async function release(
  db: Executor,
  key: { userId: string; environment: string; day: string; currency: string },
  amount: string,
): Promise<void> {
  await db.execute(sql`update console_daily_usage set amount = greatest(amount - ${amount}::numeric, 0)
    where user_id = ${key.userId} and environment = ${key.environment} and day = ${key.day}::date and currency = ${key.currency}`);
}

export async function usedToday(
  db: Executor,
  key: { userId: string; environment: string; day: string; currency: string },
): Promise<string> {
  const rows = await queryRows<{ amount: string }>(
    db,
    sql`select amount::text from console_daily_usage where user_id = ${key.userId} and environment = ${key.environment} and day = ${key.day}::date and currency = ${key.currency}`,
  );
  return rows[0]?.amount ?? "0";
}

/** What is left of `limit` after `used` (never below zero), as a decimal string. */
export const leftOf = (limit: string, used: string): string => Decimal.max(new Decimal(limit).minus(used), 0).toFixed();

export async function listLimits(db: Executor): Promise<LimitRow[]> {
  return db
    .select()
    .from(dailyLimits)
    .where(isNull(dailyLimits.removedAt))
    .orderBy(asc(dailyLimits.currency), asc(dailyLimits.createdAt));
}

export async function addLimit(
  db: Executor,
  input: {
    environment: "sandbox" | "production";
    role: Role | null;
    userId: string | null;
    userEmail: string | null;
    currency: string;
    amount: string;
    createdBy: string;
  },
): Promise<LimitRow> {
  return db.transaction(async (tx) => {
    // One active limit per person-or-role and currency: a new one replaces it.
    await tx
      .update(dailyLimits)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(dailyLimits.environment, input.environment),
          eq(dailyLimits.currency, input.currency),
          isNull(dailyLimits.removedAt),
          input.userId ? eq(dailyLimits.userId, input.userId) : eq(dailyLimits.role, input.role ?? ""),
        ),
      );
    const [row] = await tx
      .insert(dailyLimits)
      .values({ id: `lim_${randomBytes(8).toString("base64url")}`, ...input })
      .returning();
    return row;
  });
}

export async function removeLimit(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(dailyLimits)
    .set({ removedAt: new Date() })
    .where(and(eq(dailyLimits.id, id), isNull(dailyLimits.removedAt)))
    .returning({ id: dailyLimits.id });
  return rows.length === 1;
}
