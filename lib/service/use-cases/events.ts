import "server-only";
import type { Event, EventListQuery } from "@/lib/schemas/event";
import type { EventType } from "@/lib/state-machine/webhooks";
import type { CappedPaginated } from "@/lib/schemas/list";
import { maskInboxUrl } from "@/lib/schemas/mask";
import type { Caller, ServiceDeps } from "../context";
import { notFound } from "../errors";
import { deliveriesOfEvents, findEvent, listEvents, type EventDeliveryRow, type EventRow } from "../store/events";
import { cappedPageOf } from "./pagination";

/** A delivery is retried only while PENDING; a SUCCEEDED or FAILED one has no next attempt. */
function toEvent(row: EventRow, deliveries: EventDeliveryRow[]): Event {
  return {
    id: row.id,
    type: row.type as EventType,
    created_at: row.createdAt.toISOString(),
    data: row.data,
    deliveries: deliveries
      .filter((d) => d.eventId === row.id)
      .map((d) => ({
        id: d.id,
        webhook_id: d.webhookId,
        url: maskInboxUrl(d.url),
        status: d.status,
        attempts: d.attempts,
        last_attempt_at: d.lastAttemptAt ? d.lastAttemptAt.toISOString() : null,
        next_attempt_at: d.status === "PENDING" && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
      })),
  };
}

/** GET /v0/events (extension, decision D9.6): newest first, filtered by type and resource. */
export async function listEventsOf(
  deps: ServiceDeps,
  caller: Caller,
  query: EventListQuery,
): Promise<CappedPaginated<Event>> {
  const { rows, total } = await listEvents(
    deps.db,
    caller,
    { type: query.type, resourceId: query.resource_id },
    { page: query.page, pageSize: query.page_size },
  );
  const deliveries = await deliveriesOfEvents(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toEvent(r, deliveries)),
    pagination: cappedPageOf(query.page, query.page_size, total),
  };
}

/** GET /v0/events/{id}: another account's or environment's event is a 404. */
export async function getEvent(deps: ServiceDeps, caller: Caller, id: string): Promise<Event> {
  const row = await findEvent(deps.db, caller, id);
  if (!row) throw notFound("Event");
  return toEvent(row, await deliveriesOfEvents(deps.db, [row.id]));
}
