import "server-only";
import { sql } from "drizzle-orm";
import { within } from "@/lib/async/within";
import { queryRows, type Executor } from "@/lib/db/database";
import { MIGRATIONS } from "@/lib/db/migrations";

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long the database may take to answer before the instance counts as not ready. */
const TIMEOUT_MS = 2_000;

/**
 * Ready means the database answers within two seconds and every migration this build knows
 * is applied there (a rolling deploy's new instance waits until the first one migrated).
 */
export async function checkReadiness(db: Executor): Promise<Readiness> {
  const check = (async (): Promise<Readiness> => {
    try {
      const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM schema_migrations`);
      const applied = new Set(rows.map((r) => r.id));
      const missing = MIGRATIONS.filter((m) => !applied.has(m.id)).map((m) => m.id);
      return missing.length === 0
        ? { ready: true }
        : { ready: false, reason: `migrations not applied: ${missing.join(", ")}` };
    } catch (error) {
      return { ready: false, reason: `database unreachable (${(error as { code?: string }).code ?? "error"})` };
    }
  })();
  return (await within(check, TIMEOUT_MS)) ?? { ready: false, reason: "database did not answer in time" };
}
