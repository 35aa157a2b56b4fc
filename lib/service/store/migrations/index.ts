import { sql as core } from "./0001_core";

/**
 * Every migration, in order. Each runs once, inside a transaction, recorded in
 * schema_migrations. Add a file and a line here; never edit one that has shipped.
 */
export const MIGRATIONS: ReadonlyArray<{ id: string; sql: string }> = [{ id: "0001_core", sql: core }];
