import "server-only";
import { and, sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { ownerKeyIs, type Keyed, type Scope } from "./scope";

/**
 * The request log's and the events' owner key, `owner = hashtext(account_id::text || ':' ||
 * environment)` (a stored generated column, migration 0025, decision D11.8): the 4 bytes every
 * index of those tables leads with. Lists always compare the account and environment too. A
 * capped count may leave them out, and so count from the index alone, only while no two
 * (account, environment) share a key: accounts are made so that none does (ensureAccount), and
 * a database with an older pair that does keeps counting through the rows.
 */
const ENVIRONMENTS = sql`unnest(ARRAY['sandbox', 'production'])`;

/** True when `id` would give no account's (account, environment) an owner key already taken, nor share one between its own two. */
export async function ownerKeysFreeFor(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ taken: boolean }>(
    db,
    sql`SELECT (SELECT count(DISTINCT hashtext(${id}::text || ':' || e)) FROM ${ENVIRONMENTS} e) < 2
            OR EXISTS (SELECT 1 FROM accounts a, ${ENVIRONMENTS} e, ${ENVIRONMENTS} mine
                        WHERE hashtext(a.id::text || ':' || e) = hashtext(${id}::text || ':' || mine)) AS taken`,
  );
  return !rows[0]?.taken;
}

const checked = new WeakMap<object, Promise<boolean>>();

/** Whether every (account, environment) of this database has its own owner key (asked once per process and database). */
export function ownerKeysUnique(db: Executor): Promise<boolean> {
  let answer = checked.get(db);
  if (!answer) {
    answer = queryRows<{ unique: boolean }>(
      db,
      sql`SELECT count(*) = count(DISTINCT h) AS unique
            FROM (SELECT hashtext(a.id::text || ':' || e) AS h FROM accounts a, ${ENVIRONMENTS} e) keys`,
    ).then((rows) => rows[0]?.unique === true);
    answer.catch(() => checked.delete(db));
    checked.set(db, answer);
  }
  return answer;
}

/**
 * A capped count's condition said with indexed columns only (the owner key, and `also` on a
 * plain indexed column), so the count reads one index and no row; undefined, to count through
 * the rows with the list's own condition, where two owners share a key.
 */
export async function indexOnlyCount(db: Executor, table: Keyed, scope: Scope, also?: SQL): Promise<SQL | undefined> {
  if (!(await ownerKeysUnique(db))) return undefined;
  return also ? and(ownerKeyIs(table, scope), also) : ownerKeyIs(table, scope);
}

/** Forgets the answer (tests that make colliding accounts on purpose). */
export function forgetOwnerKeys(db: Executor): void {
  checked.delete(db);
}
