import { and, eq, type SQL } from "drizzle-orm";
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
