import { sql as core } from "./0001_core";
import { sql as settlement } from "./0002_settlement";
import { sql as balances } from "./0004_balances";

/**
 * Every migration, in order. Each runs once, inside a transaction, recorded in
 * schema_migrations. Add a file and a line here; never edit one that has shipped.
 */
export const MIGRATIONS: ReadonlyArray<{ id: string; sql: string }> = [
  { id: "0001_core", sql: core },
  { id: "0002_settlement", sql: settlement },
  { id: "0004_balances", sql: balances },
];
