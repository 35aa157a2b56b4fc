import "server-only";
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "./db";
import { pageOfRows, type PageRequest } from "./page";
import { events, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from "./schema";
import type { Scope } from "./scope";

export type EventRow = typeof events.$inferSelect;

export interface EventFilter {
  type?: string;
  resourceId?: string;
}

function where(scope: Scope, filter: EventFilter): SQL | undefined {
  const conditions: SQL[] = [eq(events.accountId, scope.accountId), eq(events.environment, scope.environment)];
  if (filter.type) conditions.push(eq(events.type, filter.type));
  if (filter.resourceId) {
    const r = filter.resourceId;
    conditions.push(
      or(
        sql`${events.data}->>'id' = ${r}`,
        sql`${events.data}->>'settlement_request_id' = ${r}`,
        sql`${events.data}->>'disbursement_id' = ${r}`,
      )!,
    );
  }
  return and(...conditions);
}

/** A page of the scope's events, newest first, and the total (indexes of migration 0010). */
export function listEvents(
  db: Executor,
  scope: Scope,
  filter: EventFilter,
  page: PageRequest,
): Promise<{ rows: EventRow[]; total: number }> {
  return pageOfRows(db, events, where(scope, filter), [desc(events.createdAt), desc(events.id)], page);
}

export async function findEvent(db: Executor, scope: Scope, id: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.accountId, scope.accountId), eq(events.environment, scope.environment)))
    .limit(1);
  return row;
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
  const lastAttempt = db
    .select({ deliveryId: webhookDeliveryAttempts.deliveryId, at: sql<Date>`max(${webhookDeliveryAttempts.at})`.as("last_at") })
    .from(webhookDeliveryAttempts)
    .groupBy(webhookDeliveryAttempts.deliveryId)
    .as("last_attempt");
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      webhookId: webhookDeliveries.webhookId,
      url: webhookEndpoints.url,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attemptCount,
      lastAttemptAt: lastAttempt.at,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.webhookId))
    .leftJoin(lastAttempt, eq(lastAttempt.deliveryId, webhookDeliveries.id))
    .where(inArray(webhookDeliveries.eventId, [...eventIds]))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return rows.map((r) => ({ ...r, lastAttemptAt: r.lastAttemptAt ? new Date(r.lastAttemptAt) : null }));
}
