import "server-only";
import type { Environment, EventType } from "@/lib/schemas/catalog";
import type { Executor } from "../store/db";
import { events } from "../store/schema";
import { newEventId } from "../ids";

export interface NewEvent {
  accountId: string;
  environment: Environment;
  type: EventType;
  /** The full resource as a GET would return it at this moment. */
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Writes an event into the outbox. Call it with the transaction that makes the change, so the
 * event exists exactly when the change does.
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
  return id;
}
