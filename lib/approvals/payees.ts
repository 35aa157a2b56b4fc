import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { getDatabase } from "@/lib/db/connection";
import { BANK_SHAPE_BY_CURRENCY, isFiat, type Environment } from "@/lib/schemas/catalog";
import { BANK_SHAPES, type BankShapeSpec } from "@/lib/schemas/bank-shapes";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import {
  destinationIdOf,
  ibanId,
  walletId,
  type DestinationFields,
  type DestinationId,
} from "@/lib/schemas/destination-id";
import { destinationsOf, noteDestination } from "./money-calls";
import { consoleSettings, payees } from "./schema";
import type { PayeeView } from "./types";

/**
 * The payee address book (decisions D19.8): wallets and bank accounts (every shape the service pays) saved per environment, named, with who
 * added them. A payee is usable once its environment's cooling-off period has passed since it
 * was added (24 h in production unless an administrator sets another; none in sandbox); until
 * then a call to it is refused. The period is read when checked, so shortening it applies to
 * payees already waiting.
 */
export type PayeeRow = typeof payees.$inferSelect;

/** Production's default is PRODUCTION_COOLING_OFF_MINUTES (24 h); sandbox has none unless an administrator sets one. */
export const defaultCoolingOffMinutes = (environment: Environment): number =>
  environment === "production" ? env().PRODUCTION_COOLING_OFF_MINUTES : 0;
const settingKey = (environment: Environment) => `payee_cooling_off_minutes:${environment}`;

export async function coolingOffMinutes(db: Executor, environment: Environment): Promise<number> {
  const [row] = await db
    .select()
    .from(consoleSettings)
    .where(eq(consoleSettings.key, settingKey(environment)))
    .limit(1);
  const value = row ? Number(row.value) : Number.NaN;
  return Number.isInteger(value) && value >= 0 ? value : defaultCoolingOffMinutes(environment);
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

/** What the book knows of a destination (lib/approvals/money-calls.ts): first seen, first paid. */
export type DestinationHistory = { firstSeenAt: Date; firstPaidAt: Date | null };

/**
 * When a saved destination may be paid (issue 43): at once if this account ever paid it, else the
 * cooling-off period after it was first seen (saved, typed or in a batch row, whichever was first).
 */
export const usableFrom = (row: Pick<PayeeRow, "addedAt">, minutes: number, history?: DestinationHistory): Date =>
  history?.firstPaidAt
    ? new Date(Math.min(history.firstPaidAt.getTime(), row.addedAt.getTime()))
    : new Date((history?.firstSeenAt ?? row.addedAt).getTime() + minutes * 60_000);

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
  const history = await destinationsOf(
    db,
    environment,
    rows.map((r) => r.matchKey),
  );
  return rows.map((r) => toPayeeView(r, minutes, history.get(r.matchKey)));
}

export function toPayeeView(r: PayeeRow, minutes: number, history?: DestinationHistory): PayeeView {
  return {
    id: r.id,
    environment: r.environment,
    name: r.name,
    kind: r.kind,
    currency: r.currency,
    chain: r.chain,
    address: r.address,
    destination: r.destination ?? (r.kind === "bank" ? { currency: r.currency, iban: r.address } : null),
    addedBy: r.addedBy,
    addedAt: r.addedAt.toISOString(),
    usableFrom: usableFrom(r, minutes, history).toISOString(),
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

export async function findPayeeById(db: Executor, id: string): Promise<PayeeRow | null> {
  const [row] = await db.select().from(payees).where(eq(payees.id, id)).limit(1);
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
  /** A bank payee's destination (currency, rail, account fields, holder), as payeeInputSchema gave it. */
  destination?: Record<string, unknown> | null;
  addedBy: string;
};

/** The account a payee names (the one destination identity): a wallet by address, a bank account by its shape's identity fields. */
export function payeeKey(input: Pick<NewPayee, "kind" | "address" | "destination">): DestinationId {
  if (input.kind !== "bank") return walletId(input.address);
  return (input.destination && destinationIdOf(input.destination as DestinationFields)) ?? ibanId(input.address);
}

/** Saves a payee (a wallet, or a bank account of any shape); null when the environment's book already has it. */
export async function addPayee(db: Executor, input: NewPayee): Promise<PayeeRow | null> {
  const kind = input.kind ?? "wallet";
  const rows = await db
    .insert(payees)
    .values({
      id: `payee_${randomBytes(8).toString("base64url")}`,
      ...input,
      destination: kind === "bank" ? (input.destination ?? null) : null,
      kind,
      matchKey: payeeKey({ ...input, kind }),
    })
    .onConflictDoNothing()
    .returning();
  // The destination's first sighting: saving it again, or after paying it, never restarts its wait.
  if (rows[0]) await noteDestination(db, input.environment, rows[0].matchKey);
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

/** A bank payee's masked fields whole, labelled as its shape's form labels them (an older IBAN payee: its IBAN). */
export function payeeAccountFields(row: Pick<PayeeRow, "currency" | "address" | "destination">): Array<{
  field: string;
  value: string;
}> {
  const destination = row.destination;
  if (!destination || !isFiat(row.currency)) return [{ field: "IBAN", value: row.address }];
  const spec: BankShapeSpec = BANK_SHAPES[BANK_SHAPE_BY_CURRENCY[row.currency]];
  return spec.masked.flatMap((name) => {
    const value = destination[name];
    const label = spec.fields.find((f) => f.name === name)?.label ?? name;
    return typeof value === "string" ? [{ field: label, value }] : [];
  });
}
