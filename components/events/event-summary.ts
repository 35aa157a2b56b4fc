import type { DeliveryAnswer, Event } from "@/lib/schemas/event";

/** What the events page shows of an event: its payload is read when opened, so only its id and status travel. */
export interface EventSummary {
  id: string;
  type: Event["type"];
  created_at: string;
  resource_id: string | null;
  status: string | null;
  deliveries: Array<
    Pick<Event["deliveries"][number], "id" | "webhook_id" | "url" | "status" | "attempts" | "next_attempt_at"> & {
      last_attempt_at?: string | null;
      answer?: DeliveryAnswer;
    }
  >;
}

/** An event as the page gives it to EventItem: the payload left for its "Payload" fold to read. */
export function eventSummary(event: Event, answers: Record<string, DeliveryAnswer> = {}): EventSummary {
  return {
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    resource_id: typeof event.data.id === "string" ? event.data.id : null,
    status: typeof event.data.status === "string" ? event.data.status : null,
    deliveries: event.deliveries.map(({ id, webhook_id, url, status, attempts, next_attempt_at, last_attempt_at }) => ({
      id,
      webhook_id,
      url,
      status,
      attempts,
      next_attempt_at,
      last_attempt_at,
      ...(answers[id] ? { answer: answers[id] } : {}),
    })),
  };
}
