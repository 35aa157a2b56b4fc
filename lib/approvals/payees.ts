import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { getDatabase } from "@/lib/db/connection";
import type { Environment } from "@/lib/schemas/catalog";
import type { Executor } from "@/lib/db/database";
import { bankKey, walletKey } from "./payee-key";
import { consoleSettings, payees } from "./schema";
import type { PayeeView } from "./types";

/**
 * The payee address book (decisions D19.8): wallets and bank accounts (IBAN) saved per environment, named, with who
 * added them. A payee is usable once its environment's cooling-off period has passed since it
 * was added (24 h in production unless an administrator sets another; none in sandbox); until
 * then a call to it is refused. The period is read when checked, so shortening it applies to
 * payees already waiting.
 */
export type PayeeRow = typeof payees.$inferSelect;

export const DEFAULT_COOLING_OFF_MINUTES: Record<Environment, number> = { production: 24 * 60, sandbox: 0 };
const settingKey = (environment: Environment) => `payee_cooling_off_minutes:${environment}`;

export async function coolingOffMinutes(db: Executor, environment: Environment): Promise<number> {
  const [row] = await db
    .select()
    .from(consoleSettings)
    .where(eq(consoleSettings.key, settingKey(environment)))
    .limit(1);
  const value = row ? Number(row.value) : Number.NaN;
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_COOLING_OFF_MINUTES[environment];
}

export async function setCoolingOff(
  db: Executor,
  environment: Environment,
  minutes: number,
  by: string,
): Promise<void> {
  await db
    .insert(consoleSettings)
    .values({ key: settingKey(environment), value: minutes, updatedBy: by })
    .onConflictDoUpdate({ target: consoleSettings.key, set: { value: minutes, updatedBy: by, updatedAt: new Date() } });
}

export const usableFrom = (row: Pick<PayeeRow, "addedAt">, minutes: number): Date =>
  new Date(row.addedAt.getTime() + minutes * 60_000);

export async function listPayees(db: Executor, environment: Environment): Promise<PayeeView[]> {
  const [rows, minutes] = await Promise.all([
    db
      .select()
      .from(payees)
      .where(and(eq(payees.environment, environment), isNull(payees.removedAt)))
      .orderBy(asc(payees.name))
      .limit(500),
    coolingOffMinutes(db, environment),
  ]);
  return rows.map((r) => toPayeeView(r, minutes));
}

export function toPayeeView(r: PayeeRow, minutes: number): PayeeView {
  return {
    id: r.id,
    environment: r.environment,
    name: r.name,
    kind: r.kind,
    currency: r.currency,
    chain: r.chain,
    address: r.address,
    addedBy: r.addedBy,
    addedAt: r.addedAt.toISOString(),
    usableFrom: usableFrom(r, minutes).toISOString(),
  };
}

export async function findPayeeByKey(db: Executor, environment: Environment, key: string): Promise<PayeeRow | null> {
  const [row] = await db
    .select()
    .from(payees)
    .where(and(eq(payees.environment, environment), eq(payees.matchKey, key), isNull(payees.removedAt)))
    .limit(1);
  return row ?? null;
}

/** Every saved wallet's key in an environment (the backtest's "known destination"). Bounded by the book's size. */
export async function payeeKeys(environment: Environment): Promise<Set<string>> {
  const { db } = await getDatabase();
  const rows = await db
    .select({ key: payees.matchKey })
    .from(payees)
    .where(and(eq(payees.environment, environment), isNull(payees.removedAt)))
    .limit(5_000);
  return new Set(rows.map((r) => r.key));
}

export type NewPayee = {
  environment: Environment;
  name: string;
  kind?: "wallet" | "bank";
  currency: string;
  chain: string | null;
  address: string;
  addedBy: string;
};

/** Saves a payee (a wallet, or a bank account by IBAN); null when the environment's book already has it. */
export async function addPayee(db: Executor, input: NewPayee): Promise<PayeeRow | null> {
  const kind = input.kind ?? "wallet";
  const rows = await db
    .insert(payees)
    .values({
      id: `payee_${randomBytes(8).toString("base64url")}`,
      ...input,
      kind,
      matchKey: kind === "bank" ? bankKey(input.address) : walletKey(input.address),
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

export async function removePayee(db: Executor, environment: Environment, id: string, by: string): Promise<boolean> {
  const rows = await db
    .update(payees)
    .set({ removedAt: new Date(), removedBy: by })
    .where(and(eq(payees.id, id), eq(payees.environment, environment), isNull(payees.removedAt)))
    .returning({ id: payees.id });
  return rows.length === 1;
}
