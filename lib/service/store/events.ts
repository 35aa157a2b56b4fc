import "server-only";
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Environment } from "@/lib/schemas/catalog";
import type { EventType } from "@/lib/state-machine/webhooks";
import { newEventId } from "../ids";
import { queryRows, type Executor } from "@/lib/db/database";
import { insertSql, type Write } from "./one-statement";
import { findOwned, pageOfRows, type PageRequest } from "./rows";
import { TOTAL_CAP } from "@/lib/schemas/list";
import { events, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from "./schema";
import { keyedEq, ownedByKeyed, type Scope } from "./scope";
import { indexOnlyCount } from "./owner-keys";
import { packJson, unpackJson } from "./packed-json";

type StoredEventRow = typeof events.$inferSelect;
/** An event as the API shows it: its data as an object, however it is stored. */
export type EventRow = Pick<StoredEventRow, "id" | "accountId" | "environment" | "type" | "createdAt"> & {
  data: Record<string, unknown>;
};

/** The resource an event carries: packed (migration 0025 on) or, for older rows, jsonb. */
export function eventData(row: { data: unknown; body: Uint8Array | string | null }): Record<string, unknown> {
  if (row.body) return JSON.parse(unpackJson(row.body)) as Record<string, unknown>;
  return (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
}

function unpacked(row: StoredEventRow): EventRow {
  return {
    id: row.id,
    accountId: row.accountId,
    environment: row.environment,
    type: row.type,
    createdAt: row.createdAt,
    data: eventData(row),
  };
}

export interface EventFilter {
  type?: string;
  resourceId?: string;
}

function where(scope: Scope, filter: EventFilter): SQL | undefined {
  const conditions: SQL[] = [ownedByKeyed(events, scope)];
  if (filter.type) conditions.push(eq(events.type, filter.type));
  if (filter.resourceId) {
    // The resource itself, or a payment of that request or disbursement (events_resource_idx, events_parent_idx).
    conditions.push(or(keyedEq(events.resourceId, filter.resourceId), keyedEq(events.parentId, filter.resourceId))!);
  }
  return and(...conditions);
}

/** A page of the scope's events, newest first, and the total (indexes of migration 0025). */
export async function listEvents(
  db: Executor,
  scope: Scope,
  filter: EventFilter,
  page: PageRequest,
): Promise<{ rows: EventRow[]; total: number }> {
  // A count by owner, or owner and type, reads events_type_idx / _owner_idx alone (owner-keys.ts).
  const countWhere = filter.resourceId
    ? undefined
    : await indexOnlyCount(db, events, scope, filter.type ? eq(events.type, filter.type) : undefined);
  const found = await pageOfRows(db, events, where(scope, filter), [desc(events.createdAt), desc(events.id)], page, {
    countUpTo: TOTAL_CAP,
    countWhere,
    // Unfiltered only: one plan for every type or resource would be planned for the common one (D16.15).
    reusePlan: !(filter.type || filter.resourceId),
  });
  return { rows: found.rows.map(unpacked), total: found.total };
}

/** The scope's events of these types created in [from, to), newest first, at most `limit` (a filter's preview, D9.16). */
export async function eventsOfTypesBetween(
  db: Executor,
  scope: Scope,
  types: readonly string[],
  range: { from: Date; to: Date },
  limit: number,
): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  if (types.length === 0) return [];
  const rows = await queryRows<{ id: string; data: unknown; body: Uint8Array | string | null }>(
    db,
    sql`SELECT id, data, body FROM ${events}
         WHERE ${ownedByKeyed(events, scope)} AND ${inArray(events.type, [...types])}
           AND ${events.createdAt} >= ${range.from} AND ${events.createdAt} < ${range.to}
         ORDER BY ${events.createdAt} DESC, ${events.id} DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, data: eventData(r) }));
}

export async function findEvent(db: Executor, scope: Scope, id: string): Promise<EventRow | null> {
  const row = await findOwned(db, events, scope, id);
  return row ? unpacked(row) : null;
}

export interface EventDeliveryRow {
  id: string;
  eventId: string;
  webhookId: string;
  url: string;
  status: "PENDING" | "SUCCEEDED" | "FAILED";
  attempts: number;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
}

/** The deliveries of these events to every endpoint, with the time of each one's last attempt. */
export async function deliveriesOfEvents(db: Executor, eventIds: readonly string[]): Promise<EventDeliveryRow[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      webhookId: webhookDeliveries.webhookId,
      url: webhookEndpoints.url,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attemptCount,
      // Per delivery through the attempts' primary key (delivery_id, attempt): never all attempts grouped.
      lastAttemptAt: sql<Date | null>`(select max(a.at) from ${webhookDeliveryAttempts} a where a.delivery_id = ${webhookDeliveries.id})`,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.webhookId))
    .where(inArray(webhookDeliveries.eventId, [...eventIds]))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return rows.map((r) => ({ ...r, lastAttemptAt: r.lastAttemptAt ? new Date(r.lastAttemptAt) : null }));
}

// The outbox's writes: an event with its deliveries, written in the transaction of the change
// (outbox/emit.ts runs them).

export interface NewEvent {
  accountId: string;
  environment: Environment;
  type: EventType;
  /** The full resource as a GET would return it at this moment. */
  data: Record<string, unknown>;
  at: Date;
}

function parentOf(data: Record<string, unknown>): string | null {
  const parent = data.settlement_request_id ?? data.disbursement_id;
  return typeof parent === "string" ? parent : null;
}

/**
 * An endpoint's payload condition (D9.16) in SQL, the rule of lib/schemas/webhook-filter.ts: no
 * condition, or every clause holds (`=`: the value at the path equals the clause's, a missing path
 * equal to nothing; `!=`: not so). store/webhook-filter.pg.test.ts checks both agree.
 */
export function passesFilter(filter: SQL, data: SQL): SQL {
  return sql`(${filter} IS NULL OR NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(${filter}->'all') c
     WHERE ((c->>'op') = 'eq') = ((${data} #> ARRAY(SELECT jsonb_array_elements_text(c->'path'))) IS DISTINCT FROM (c->'value'))))`;
}

/** What a oneStatement reads to learn how many deliveries an event fanned out to. */
export const countFannedOut = (cte: string) => sql`SELECT count(*)::int AS fanned FROM ${sql.raw(cte)}`;

/**
 * The event row and its fan-out as writes for oneStatement: one delivery per ACTIVE endpoint of
 * the account and environment subscribed to its type, due at once. The fan-out CTE (named by
 * `deliveries`) returns the delivery ids. After the statement, call eventsWritten (outbox/emit.ts).
 */
export function eventWrites(event: NewEvent, name = ""): { id: string; writes: Write[]; deliveries: string } {
  const id = newEventId();
  const at = event.at.toISOString();
  const row = insertSql(events, [
    {
      id,
      accountId: event.accountId,
      environment: event.environment,
      type: event.type,
      createdAt: event.at,
      body: packJson(JSON.stringify(event.data)),
      resourceId: typeof event.data.id === "string" ? event.data.id : null,
      parentId: parentOf(event.data),
    },
  ]);
  const fanOut = sql`
    INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, status, attempt_count, next_attempt_at, created_at, updated_at)
    SELECT gen_random_uuid()::text, w.id, ${id}, ${event.type}, 'PENDING', 0, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    FROM webhook_endpoints w
    WHERE w.account_id = ${event.accountId} AND w.environment = ${event.environment}
      AND w.status = 'ACTIVE' AND ${event.type}::text = ANY(w.events)
      AND ${passesFilter(sql`w.filter`, sql`${JSON.stringify(event.data)}::jsonb`)}
    RETURNING id`;
  const deliveries = `event_deliveries${name}`;
  return {
    id,
    deliveries,
    writes: [
      { name: `event_row${name}`, statement: row },
      { name: deliveries, statement: fanOut },
    ],
  };
}

/** Several events as writes for one oneStatement; `select` counts the deliveries of all. */
export function manyEventWrites(list: readonly NewEvent[]): { writes: Write[]; select: SQL } {
  const parts = list.map((e, i) => eventWrites(e, `_${i}`));
  const counts = parts.map((p) => sql`(SELECT count(*) FROM ${sql.raw(p.deliveries)})`);
  return { writes: parts.flatMap((p) => p.writes), select: sql`SELECT (${sql.join(counts, sql` + `)})::int AS fanned` };
}
