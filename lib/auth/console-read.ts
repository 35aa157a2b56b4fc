import "server-only";
import { getDatabase } from "@/lib/db/connection";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { requireActor, type Gate } from "./guard";
import type { Permission } from "./permissions";
import type { Actor } from "./session";

/** A page's reading rights: the person, and the console's database to read its own data with. */
export type ConsoleRead = { ok: true; actor: Actor; db: Executor } | Extract<Gate, { ok: false }>;

/**
 * The one way a page reads the console's own data (issue 45, decisions D23.5), beside
 * `readAction` for the browser's reads: the session's person is checked for the permission in
 * that environment (the same `checkAccess` that `authorize()` runs), and only then is the
 * database handed over. Data of the settlement API is read through `lib/settlement-api`.
 */
export async function consoleRead(options: {
  permission: Permission;
  environment: Environment | null;
}): Promise<ConsoleRead> {
  const gate = await requireActor(options);
  if (!gate.ok) return gate;
  const { db } = await getDatabase();
  return { ok: true, actor: gate.actor, db };
}
