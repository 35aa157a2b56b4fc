import "server-only";
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Role } from "@/lib/auth/permissions";
import type { Executor } from "@/lib/db/database";
import { dailyLimits } from "./schema";

/**
 * Daily limits (decisions D19.7, D19.11): in production, what one person may send per day (in
 * MERCHANT_TIME_ZONE, UTC unless set), in USD whatever the currency, set for a role or for a
 * person (a person's own limit overrides their role's). Usage is what the person actually sent
 * that day (lib/approvals/money-calls.ts), read under a lock in the transaction that records the
 * new call, so two submissions racing on two instances cannot both pass the limit.
 */
export type LimitRow = typeof dailyLimits.$inferSelect;
export type Limit = { id: string; amount: string; currency: "USD"; scope: "person" | "role" };

/**
 * The person's limit in production: their own, else their role's. Limits are in USD (a limit set
 * before they were, in another currency, is read as that many USD); with several, the smallest.
 */
export async function limitFor(
  db: Executor,
  person: { userId: string; role: Role },
  environment: string,
): Promise<Limit | null> {
  const rows = await db
    .select()
    .from(dailyLimits)
    .where(and(eq(dailyLimits.environment, environment as "production"), isNull(dailyLimits.removedAt)));
  const smallest = (list: LimitRow[]) =>
    list.sort((a, b) => new Decimal(a.amount).comparedTo(new Decimal(b.amount)))[0];
  const own = smallest(rows.filter((r) => r.userId === person.userId));
  const chosen = own ?? smallest(rows.filter((r) => r.role === person.role));
  return chosen ? { id: chosen.id, amount: chosen.amount, currency: "USD", scope: own ? "person" : "role" } : null;
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
    // One active limit per person or role (in USD): a new one replaces it, and any older one in another currency.
    await tx
      .update(dailyLimits)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(dailyLimits.environment, input.environment),
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
