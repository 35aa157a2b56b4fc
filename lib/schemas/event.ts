/**
 * The events list (extension, decision D9.6): every event of the key's account and
 * environment, with its deliveries per endpoint.
 */
import { z } from "@/lib/schemas/zod";
import { EVENT_TYPES } from "@/lib/state-machine/webhooks";
import { WEBHOOK_DELIVERY_STATUSES } from "@/lib/state-machine/webhooks";
import { enumMessage, isoTimestamp } from "./common";
import { pageQuery } from "./list";

export const eventDeliverySchema = z
  .object({
    id: z.string(),
    webhook_id: z.string(),
    url: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int().min(0).meta({ description: "Attempts made so far" }),
    last_attempt_at: isoTimestamp.nullable(),
    next_attempt_at: isoTimestamp.nullable().meta({ description: "Set while the delivery is PENDING" }),
  })
  .meta({ id: "EventDelivery", "x-extension": true });

export const eventSchema = z
  .object({
    id: z.string().meta({ example: "evt_01HZY3K9V4Q8" }),
    type: z.enum(EVENT_TYPES),
    created_at: isoTimestamp,
    data: z.record(z.string(), z.unknown()).meta({ description: "The resource exactly as it was sent" }),
    deliveries: z.array(eventDeliverySchema),
  })
  .meta({ id: "Event", "x-extension": true });
export type Event = z.output<typeof eventSchema>;

export const eventListQuerySchema = z.object({
  ...pageQuery,
  type: z.enum(EVENT_TYPES, { error: enumMessage(EVENT_TYPES) }).optional(),
  resource_id: z.string().min(1).max(64).optional().meta({
    description:
      "The id of the resource in `data` (request, payment, disbursement, /v1 payment); also finds a payment's events by its settlement request or disbursement",
  }),
});
export type EventListQuery = z.output<typeof eventListQuerySchema>;

/** What an endpoint last answered a delivery (the Events page's search reads it, issue 63): when, the HTTP status, the start of the body, or the error. */
export interface DeliveryAnswer {
  at: string;
  http_status: number | null;
  response: string | null;
  error: string | null;
}
