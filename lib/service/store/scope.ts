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

/**
 * ownedBy for the request log and the events, whose indexes lead with a 4-byte key of the owner,
 * `hashtext(account_id::text || ':' || environment)`, instead of both columns (migration 0025, D11.8):
 * the key finds the owner's range, and the columns themselves are still compared.
 */
export function ownedByKeyed(table: { accountId: AnyPgColumn; environment: AnyPgColumn }, scope: Scope): SQL {
  return sql`hashtext(${table.accountId}::text || ':' || ${table.environment}) = hashtext(${scope.accountId}::text || ':' || ${scope.environment}::text) AND ${ownedBy(table, scope)}`;
}

/** `column = value` through an index on hashtext(column) (migration 0025): the key finds it, the text confirms it. */
export function keyedEq(column: AnyPgColumn, value: string): SQL {
  return sql`(hashtext(${column}) = hashtext(${value}::text) AND ${column} = ${value})`;
}
