import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Environment, EventType } from "@/lib/schemas/catalog";
import type { Executor } from "../store/db";
import { insertSql, oneStatement, type Write } from "../store/one-statement";
import { events } from "../store/schema";
import { newEventId } from "../ids";
import { signalDeliveryWork } from "./signal";

export interface NewEvent {
  accountId: string;
  environment: Environment;
  type: EventType;
  /** The full resource as a GET would return it at this moment. */
  data: Record<string, unknown>;
  at: Date;
}

/** What a oneStatement reads to learn how many deliveries an event fanned out to. */
export const countFannedOut = (cte: string) => sql`SELECT count(*)::int AS fanned FROM ${sql.raw(cte)}`;

/**
 * The event row and its fan-out as writes for oneStatement: one delivery per ACTIVE endpoint of
 * the account and environment subscribed to its type, due at once. The fan-out CTE (named by
 * `deliveries`) returns the delivery ids. After the statement, call eventsWritten.
 */
export function eventWrites(event: NewEvent, name = ""): { id: string; writes: Write[]; deliveries: string } {
  const id = newEventId();
  const at = event.at.toISOString();
  const row = insertSql(events, [
    { id, accountId: event.accountId, environment: event.environment, type: event.type, createdAt: event.at, data: event.data },
  ]);
  const fanOut = sql`
    INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, status, attempt_count, next_attempt_at, created_at, updated_at)
    SELECT gen_random_uuid()::text, w.id, ${id}, ${event.type}, 'PENDING', 0, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    FROM webhook_endpoints w
    WHERE w.account_id = ${event.accountId} AND w.environment = ${event.environment}
      AND w.status = 'ACTIVE' AND ${event.type}::text = ANY(w.events)
    RETURNING id`;
  const deliveries = `event_deliveries${name}`;
  return { id, deliveries, writes: [{ name: `event_row${name}`, statement: row }, { name: deliveries, statement: fanOut }] };
}

/** Several events as writes for one oneStatement; `select` counts the deliveries of all. */
export function manyEventWrites(events: readonly NewEvent[]): { writes: Write[]; select: SQL } {
  const parts = events.map((e, i) => eventWrites(e, `_${i}`));
  const counts = parts.map((p) => sql`(SELECT count(*) FROM ${sql.raw(p.deliveries)})`);
  return { writes: parts.flatMap((p) => p.writes), select: sql`SELECT (${sql.join(counts, sql` + `)})::int AS fanned` };
}

/** After the statement that wrote events: deliveries exist, so the worker polls fast for a moment. */
export function eventsWritten(fanned: number): void {
  if (fanned > 0) signalDeliveryWork();
}

/**
 * Writes an event into the outbox with its deliveries (eventWrites), in one statement. Call it
 * with the transaction that makes the change, so the event and its deliveries exist exactly
 * when the change does: a rollback takes them away, a commit makes them visible to every
 * delivery worker. The signal may ring before the commit: the worker then polls fast for a short
 * while and picks the delivery up within a poll of the commit.
 */
export async function emitEvent(tx: Executor, event: NewEvent): Promise<string> {
  const { id, writes, deliveries } = eventWrites(event);
  const [row] = await oneStatement<{ fanned: number }>(tx, writes, countFannedOut(deliveries));
  eventsWritten(Number(row?.fanned ?? 0));
  return id;
}
