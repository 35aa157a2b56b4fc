import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Environment } from "@/lib/schemas/catalog";

/** Whose data a query may see: the caller's account in the caller's environment (a Caller is one). */
export interface Scope {
  accountId: string;
  environment: Environment;
}

/** The condition "this row belongs to the scope", for any table with account_id and environment. */
export function ownedBy(table: { accountId: AnyPgColumn; environment: AnyPgColumn }, scope: Scope): SQL {
  return and(eq(table.accountId, scope.accountId), eq(table.environment, scope.environment)) as SQL;
}

/** A table whose rows carry the owner key (migration 0025): the request log and the events. */
export type Keyed = { accountId: AnyPgColumn; environment: AnyPgColumn; owner: AnyPgColumn };

/** The owner key of a scope, as the generated column computes it (store/owner-keys.ts). */
const ownerKeyOf = (scope: Scope) => sql`hashtext(${scope.accountId}::text || ':' || ${scope.environment}::text)`;

/**
 * ownedBy for the request log and the events, whose indexes lead with the 4-byte owner key
 * instead of both columns (migration 0025, D11.8): the key finds the owner's range, and the
 * columns themselves are still compared.
 */
export function ownedByKeyed(table: Keyed, scope: Scope): SQL {
  return sql`${table.owner} = ${ownerKeyOf(scope)} AND ${ownedBy(table, scope)}`;
}

/** The owner key alone: exact only where every owner has its own key (ownerKeysUnique). For capped counts from the index. */
export function ownerKeyIs(table: Keyed, scope: Scope): SQL {
  return sql`${table.owner} = ${ownerKeyOf(scope)}`;
}

/** `column = value` through an index on hashtext(column) (migration 0025): the key finds it, the text confirms it. */
export function keyedEq(column: AnyPgColumn, value: string): SQL {
  return sql`(hashtext(${column}) = hashtext(${value}::text) AND ${column} = ${value})`;
}
