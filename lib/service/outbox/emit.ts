import "server-only";
import type { Executor } from "@/lib/db/database";
import { countFannedOut, eventWrites, type NewEvent } from "../store/events";
import { oneStatement } from "../store/one-statement";
import { signalDeliveryWork } from "./signal";

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
