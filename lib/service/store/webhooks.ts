import "server-only";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { eventData } from "./events";
import { queryRows, type Executor } from "@/lib/db/database";
import { findOwned, insertRow, pageOfRows, updateRow, type PageRequest } from "./rows";
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints, webhookReplays } from "./schema";
import { ownedBy, type Scope } from "./scope";

/** Webhook endpoints and what the API shows of their deliveries (migration 0003). Claiming and recording deliveries: outbox/deliveries.ts. */

export type WebhookRow = typeof webhookEndpoints.$inferSelect;
export type NewWebhookRow = typeof webhookEndpoints.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

export function insertWebhook(db: Executor, row: NewWebhookRow): Promise<WebhookRow> {
  return insertRow(db, webhookEndpoints, row);
}

/** The endpoint in this scope, or null (another account's or environment's id is unknown here). */
export function findWebhook(db: Executor, scope: Scope, id: string): Promise<WebhookRow | null> {
  return findOwned(db, webhookEndpoints, scope, id);
}

/** The endpoint after the patch; undefined when it is gone. */
export function updateWebhook(
  db: Executor,
  id: string,
  patch: Partial<Omit<NewWebhookRow, "id" | "accountId" | "environment" | "secret">>,
): Promise<WebhookRow | undefined> {
  return updateRow(db, webhookEndpoints, eq(webhookEndpoints.id, id), patch);
}

/**
 * Rolls the endpoint's secret if it is still `expectedSecret` (the sealed value read before):
 * two rotations at once, one wins. Undefined when it changed meanwhile.
 */
export function rotateSecret(
  db: Executor,
  id: string,
  expectedSecret: string,
  next: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null; at: Date },
): Promise<WebhookRow | undefined> {
  return updateRow(
    db,
    webhookEndpoints,
    and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secret, expectedSecret)),
    {
      secret: next.secret,
      previousSecret: next.previousSecret,
      previousSecretExpiresAt: next.previousSecretExpiresAt,
      secretRotatedAt: next.at,
      updatedAt: next.at,
    },
  );
}

/** Deletes the endpoint in this scope (its deliveries go with it); false when there was none. */
export async function deleteWebhook(db: Executor, scope: Scope, id: string): Promise<boolean> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(webhookEndpoints, scope)))
    .returning({ id: webhookEndpoints.id });
  return gone.length > 0;
}

/** The scope's endpoints, newest first, one page, with the total count. */
export function listWebhooks(
  db: Executor,
  scope: Scope,
  page: PageRequest,
): Promise<{ rows: WebhookRow[]; total: number }> {
  return pageOfRows(
    db,
    webhookEndpoints,
    ownedBy(webhookEndpoints, scope),
    [desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)],
    page,
  );
}

/** An endpoint's deliveries, newest first, one page, with the total count. */
export function listDeliveries(
  db: Executor,
  webhookId: string,
  filter: PageRequest & { status?: DeliveryRow["status"]; eventId?: string },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.webhookId, webhookId),
    filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
    filter.eventId ? eq(webhookDeliveries.eventId, filter.eventId) : undefined,
  );
  return pageOfRows(
    db,
    webhookDeliveries,
    where,
    [desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)],
    filter,
  );
}

/** Every attempt of these deliveries. */
export async function attemptsOf(db: Executor, deliveryIds: readonly string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, [...deliveryIds]));
}

/** Patches a delivery of the endpoint; undefined when the endpoint has no such delivery. */
export function updateDelivery(
  db: Executor,
  webhookId: string,
  deliveryId: string,
  patch: Partial<Pick<DeliveryRow, "status" | "nextAttemptAt" | "updatedAt" | "replayId">>,
): Promise<DeliveryRow | undefined> {
  return updateRow(
    db,
    webhookDeliveries,
    and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)),
    patch,
  );
}

/**
 * Dead letters back to work (issue 63): the endpoint's FAILED deliveries (all, or these) are
 * PENDING and due at `at`, in one statement; the ids it moved. In order of their events.
 */
export async function redriveFailed(
  db: Executor,
  webhookId: string,
  at: Date,
  only: readonly string[] | null,
): Promise<string[]> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "PENDING", nextAttemptAt: at, updatedAt: at, replayId: null })
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.status, "FAILED"),
        only ? inArray(webhookDeliveries.id, [...only]) : undefined,
      ),
    )
    .returning({ id: webhookDeliveries.id, createdAt: webhookDeliveries.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.id);
}

/** Which of these ids are FAILED deliveries of the endpoint. */
export async function failedAmong(db: Executor, webhookId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.status, "FAILED"),
        inArray(webhookDeliveries.id, [...ids]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Sets (or clears) the endpoint's delivery rate. */
export async function setThrottle(db: Executor, id: string, perSecond: number | null, at: Date): Promise<void> {
  await db.update(webhookEndpoints).set({ maxPerSecond: perSecond, updatedAt: at }).where(eq(webhookEndpoints.id, id));
}

/**
 * What a replay takes: an endpoint's finished deliveries of events created in [from, to); with
 * `missed`, also the range's events of the endpoint's types it never got a delivery of (created
 * while it was turned off, decisions D9.15), from its creation on.
 */
export type ReplayRange = {
  from: Date;
  to: Date;
  types: readonly string[] | null;
  onlyFailed: boolean;
  missed?: {
    accountId: string;
    environment: string;
    events: readonly string[];
    since: Date;
    /** Only these (the ones the endpoint's payload condition lets through). */
    onlyIds?: readonly string[];
  } | null;
};

const typeList = (types: readonly string[]) =>
  sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );

const inRange = (webhookId: string, r: ReplayRange) =>
  sql`d.webhook_id = ${webhookId} AND d.created_at >= ${r.from} AND d.created_at < ${r.to}
      AND ${r.onlyFailed ? sql`d.status = 'FAILED'` : sql`d.status IN ('SUCCEEDED', 'FAILED')`}
      ${r.types ? sql`AND d.event_type IN (${typeList(r.types)})` : sql``}`;

/** Where the range's events the endpoint never got are (null: none to look for). */
function missedWhere(webhookId: string, r: ReplayRange): SQL | null {
  const m = r.missed;
  const types = m ? (r.types ? m.events.filter((t) => r.types?.includes(t)) : m.events) : [];
  if (!m || types.length === 0 || m.onlyIds?.length === 0) return null;
  const from = new Date(Math.max(m.since.getTime(), r.from.getTime()));
  // The events' indexes lead with the owner key (migration 0025): it finds the owner's range of their types.
  return sql`e.owner = hashtext(${m.accountId}::text || ':' || ${m.environment}::text)
       AND e.account_id = ${m.accountId} AND e.environment = ${m.environment}
       AND e.created_at >= ${from} AND e.created_at < ${r.to}
       AND e.type IN (${typeList(types)})
       ${m.onlyIds ? sql`AND e.id = ANY(string_to_array(${m.onlyIds.join(",")}::text, ','))` : sql``}
       -- A delivery is made with its event's time (fan-out and replay alike): the lookup stays inside the range.
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries x WHERE x.webhook_id = ${webhookId} AND x.event_id = e.id
                         AND x.created_at >= ${from} AND x.created_at < ${r.to})`;
}

/** The range's events the endpoint never got (none without `missed`): their id, type and time. */
const missedEvents = (webhookId: string, r: ReplayRange) => {
  const where = missedWhere(webhookId, r);
  return where
    ? sql`SELECT e.id, e.type, e.created_at FROM events e WHERE ${where}`
    : sql`SELECT NULL::text AS id, NULL::text AS type, NULL::timestamptz AS created_at WHERE false`;
};

/**
 * The missed events' bodies, oldest first, at most `limit`: for an endpoint with a payload condition
 * (D9.16), which the replay applies in JS before it sends them (their bodies are packed).
 */
export async function missedEventBodies(
  db: Executor,
  webhookId: string,
  r: ReplayRange,
  limit: number,
): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  const where = missedWhere(webhookId, r);
  if (!where) return [];
  const rows = await queryRows<{ id: string; data: unknown; body: Uint8Array | string | null }>(
    db,
    sql`SELECT e.id, e.data, e.body FROM events e WHERE ${where} ORDER BY e.created_at, e.id LIMIT ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, data: eventData(row) }));
}

/** The count of a replay's deliveries (the statement alone: its plan is checked on 100 k rows). */
export const replayCountStatement = (webhookId: string, r: ReplayRange) =>
  sql`SELECT (SELECT count(*) FROM webhook_deliveries d WHERE ${inRange(webhookId, r)})
           + (SELECT count(*) FROM (${missedEvents(webhookId, r)}) m) AS n`;

/** How many deliveries a replay of this range would send (again, or for the first time when missed). */
export async function countReplayable(db: Executor, webhookId: string, r: ReplayRange): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, replayCountStatement(webhookId, r));
  return Number(row?.n ?? 0);
}

/** Earlier replays of the endpoint whose range meets this one. */
export async function overlappingReplays(db: Executor, webhookId: string, r: ReplayRange): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM webhook_replays
         WHERE webhook_id = ${webhookId} AND range_from < ${r.to} AND range_to > ${r.from}`,
  );
  return row?.n ?? 0;
}

/**
 * Sends the range again (issue 63), in one transaction: the replay is recorded, its deliveries are
 * PENDING and due, and each missed event gets its first delivery (from a second before `at`, a
 * microsecond apart in their events' order, so the claim takes them in that order), each marked
 * with the replay. How many.
 */
export async function startReplay(
  db: Executor,
  replay: { id: string; webhookId: string; at: Date } & ReplayRange,
): Promise<number> {
  const due = sql`${replay.at}::timestamptz - interval '1 second' + r.rn * interval '1 microsecond'`;
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`WITH targets AS (
            SELECT d.id AS delivery_id, NULL::text AS event_id, NULL::text AS event_type, d.created_at AS t
              FROM webhook_deliveries d WHERE ${inRange(replay.webhookId, replay)}
            UNION ALL
            SELECT NULL::text, m.id, m.type, m.created_at FROM (${missedEvents(replay.webhookId, replay)}) m
          ),
          ranked AS (
            SELECT *, row_number() OVER (ORDER BY t, COALESCE(delivery_id, event_id)) AS rn FROM targets
          ),
          moved AS (
            UPDATE webhook_deliveries w
               SET status = 'PENDING', replay_id = ${replay.id}, updated_at = ${replay.at}, next_attempt_at = ${due}
              FROM ranked r
             WHERE w.id = r.delivery_id
               -- The range again: the planner finds the rows through the endpoint's range, not the whole table.
               AND w.webhook_id = ${replay.webhookId} AND w.created_at >= ${replay.from} AND w.created_at < ${replay.to}
            RETURNING w.id
          ),
          added AS (
            INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, status, attempt_count, next_attempt_at, replay_id, created_at, updated_at)
            SELECT gen_random_uuid()::text, ${replay.webhookId}, r.event_id, r.event_type, 'PENDING', 0, ${due}, ${replay.id}, r.t, ${replay.at}::timestamptz
              FROM ranked r WHERE r.event_id IS NOT NULL
            ON CONFLICT (webhook_id, event_id) DO NOTHING
            RETURNING id
          )
          SELECT ((SELECT count(*) FROM moved) + (SELECT count(*) FROM added))::int AS n`,
    );
    const count = Number(row?.n ?? 0);
    await tx.insert(webhookReplays).values({
      id: replay.id,
      webhookId: replay.webhookId,
      rangeFrom: replay.from,
      rangeTo: replay.to,
      onlyFailed: replay.onlyFailed,
      types: replay.types ? [...replay.types] : null,
      count,
      createdAt: replay.at,
    });
    return count;
  });
}
