import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db, type Executor } from "@/lib/db/database";

/**
 * The partition keeper (migration 0018, decision D11.7): the request log and the events have one
 * partition per UTC day. Each pass, on one instance at a time (an advisory lock), creates the days
 * ahead, moves any row that landed in the default partition into its own day, and drops whole
 * days past the retention: no bulk DELETE, no vacuum storm. An events day goes only once none of
 * its events has a delivery still due.
 */

const DAY = 86_400_000;
/** Arbitrary constant: "someone is keeping the partitions of this database". */
const KEEPER_LOCK = 4_210_029;

export interface PartitionedTable {
  table: "request_logs" | "events";
  column: "at" | "created_at";
}
export const PARTITIONED: readonly PartitionedTable[] = [
  { table: "request_logs", column: "at" },
  { table: "events", column: "created_at" },
];

export interface KeeperOptions {
  /** Days kept before today (the day of `now`), whole. */
  retentionDays: number;
  /** Days created ahead of today. */
  aheadDays: number;
}
export const KEEPER_DEFAULTS: KeeperOptions = { retentionDays: 30, aheadDays: 3 };

export interface KeeperPass {
  /** False when another instance held the lock: this pass did nothing. */
  ran: boolean;
  created: string[];
  dropped: string[];
  /** Rows moved out of the default partitions. */
  moved: number;
  /** Days past retention kept because their events still have deliveries due. */
  heldBack: string[];
}

const dayName = (table: string, dayMs: number) =>
  `${table}_p${new Date(dayMs).toISOString().slice(0, 10).replaceAll("-", "")}`;
const dayOfName = (table: string, name: string): number | null => {
  const m = new RegExp(`^${table}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
};
const iso = (ms: number) => new Date(ms).toISOString();

/** The day partitions of `table` that exist, by their first instant (ms). */
async function existingDays(db: Executor, table: string): Promise<Map<number, string>> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ${table}::regclass`,
  );
  const days = new Map<number, string>();
  for (const { name } of rows) {
    const day = dayOfName(table, name);
    if (day !== null) days.set(day, name);
  }
  return days;
}

async function writableColumns(tx: Executor, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`SELECT attname AS name FROM pg_attribute
         WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
         ORDER BY attnum`,
  );
  return rows.map((r) => r.name);
}

/** Creates the day partition, first moving the default partition's rows of that day into it (an attach checks none is left behind). */
async function createDay(tx: Executor, t: PartitionedTable, day: number): Promise<number> {
  const name = sql.identifier(dayName(t.table, day));
  const parent = sql.identifier(t.table);
  const fallback = sql.identifier(`${t.table}_default`);
  const column = sql.identifier(t.column);
  const from = iso(day);
  const to = iso(day + DAY);
  await tx.execute(
    sql`CREATE TABLE ${name} (LIKE ${parent} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING COMPRESSION INCLUDING GENERATED) WITH (toast_tuple_target = 256)`,
  );
  // Every column but the generated ones (the owner key, migration 0025), which the new day computes again.
  const columns = sql.join(
    (await writableColumns(tx, t.table)).map((c) => sql.identifier(c)),
    sql`, `,
  );
  const moved = await queryRows<{ n: string }>(
    tx,
    sql`WITH moved AS (DELETE FROM ${fallback} WHERE ${column} >= ${from}::timestamptz AND ${column} < ${to}::timestamptz RETURNING *),
             inserted AS (INSERT INTO ${name} (${columns}) SELECT ${columns} FROM moved RETURNING 1)
        SELECT count(*)::text AS n FROM inserted`,
  );
  await tx.execute(
    sql`ALTER TABLE ${parent} ATTACH PARTITION ${name} FOR VALUES FROM (${sql.raw(`'${from}'`)}) TO (${sql.raw(`'${to}'`)})`,
  );
  return Number(moved[0]?.n ?? 0);
}

/** True when an event created before `end` still has a delivery due (its day must wait). */
async function deliveriesDueBefore(tx: Executor, end: number): Promise<boolean> {
  const rows = await queryRows<{ due: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE status = 'PENDING' AND created_at < ${iso(end)}::timestamptz) AS due`,
  );
  return Boolean(rows[0]?.due);
}

/** One keeper pass at `now` (the service clock). Safe to run on every instance: one works, the others skip. */
export async function keepPartitions(db: Db, now: Date, options: KeeperOptions = KEEPER_DEFAULTS): Promise<KeeperPass> {
  const pass: KeeperPass = { ran: false, created: [], dropped: [], moved: 0, heldBack: [] };
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const oldest = today - options.retentionDays * DAY;
  await db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${KEEPER_LOCK}) AS locked`,
    );
    if (!lock?.locked) return;
    pass.ran = true;
    for (const t of PARTITIONED) {
      const fallback = sql.identifier(`${t.table}_default`);
      const column = sql.identifier(t.column);
      const days = await existingDays(tx, t.table);
      // Days that rows already wait for in the default partition (a day with no partition yet), and the days ahead.
      const waiting = await queryRows<{ day: string }>(
        tx,
        sql`SELECT DISTINCT date_trunc('day', ${column} AT TIME ZONE 'UTC')::date::text AS day FROM ${fallback} WHERE ${column} >= ${iso(oldest)}::timestamptz`,
      );
      const wanted = new Set<number>(waiting.map((w) => Date.parse(`${w.day}T00:00:00Z`)));
      for (let d = today - DAY; d <= today + options.aheadDays * DAY; d += DAY) wanted.add(d);
      for (const day of [...wanted].sort((a, b) => a - b)) {
        if (days.has(day)) continue;
        pass.moved += await createDay(tx, t, day);
        pass.created.push(dayName(t.table, day));
      }
      for (const [day, name] of days) {
        if (day >= oldest) continue;
        if (t.table === "events" && (await deliveriesDueBefore(tx, day + DAY))) {
          pass.heldBack.push(name);
          continue;
        }
        await tx.execute(sql`DROP TABLE ${sql.identifier(name)}`);
        pass.dropped.push(name);
      }
      // Stragglers of days long gone (a clock far behind, an old import): the default stays small.
      const cutoff =
        t.table === "events"
          ? sql`AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = ${fallback}.id AND d.status = 'PENDING')`
          : sql``;
      await tx.execute(sql`DELETE FROM ${fallback} WHERE ${column} < ${iso(oldest)}::timestamptz ${cutoff}`);
    }
  });
  return pass;
}

/** Makes sure every day partition of [from, to] (UTC days) exists, for a bulk import of history (bench/scale). */
export async function ensureDays(db: Db, from: Date, to: Date): Promise<string[]> {
  const created: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEEPER_LOCK})`);
    for (const t of PARTITIONED) {
      const days = await existingDays(tx, t.table);
      for (let d = Math.floor(from.getTime() / DAY) * DAY; d <= to.getTime(); d += DAY) {
        if (days.has(d)) continue;
        await createDay(tx, t, d);
        created.push(dayName(t.table, d));
      }
    }
  });
  return created;
}
