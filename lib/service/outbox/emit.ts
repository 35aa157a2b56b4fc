import "server-only";
import { sql } from "drizzle-orm";
import type { Environment, EventType } from "@/lib/schemas/catalog";
import { queryRows, type Executor } from "../store/db";
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

/**
 * Writes an event into the outbox, with one delivery per ACTIVE endpoint of the account and
 * environment subscribed to its type, due at once. Call it with the transaction that makes the
 * change, so the event and its deliveries exist exactly when the change does: a rollback takes
 * them away, a commit makes them visible to every delivery worker.
 */
export async function emitEvent(tx: Executor, event: NewEvent): Promise<string> {
  const id = newEventId();
  await tx.insert(events).values({
    id,
    accountId: event.accountId,
    environment: event.environment,
    type: event.type,
    createdAt: event.at,
    data: event.data,
  });
  const at = event.at.toISOString();
  const fanned = await queryRows<{ id: string }>(
    tx,
    sql`
    INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, status, attempt_count, next_attempt_at, created_at, updated_at)
    SELECT gen_random_uuid()::text, w.id, ${id}, ${event.type}, 'PENDING', 0, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    FROM webhook_endpoints w
    WHERE w.account_id = ${event.accountId} AND w.environment = ${event.environment}
      AND w.status = 'ACTIVE' AND ${event.type}::text = ANY(w.events)
    RETURNING id`,
  );
  // Before the commit: the worker polls fast for a moment rather than sleeping its interval.
  if (fanned.length > 0) signalDeliveryWork();
  return id;
}
