import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { eventListQuerySchema, eventSchema } from "@/lib/schemas/event";
import { cappedPaginated } from "@/lib/schemas/list";
import { getEvent, listEventsOf } from "../use-cases/events";
import { errorResponses, json, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const tags = ["Events"];

const list = createRoute({
  method: "get",
  path: "/v0/events",
  operationId: "listEvents",
  tags,
  summary: "List events, with their deliveries (extension)",
  description:
    "Every event of the key's account and environment, newest first, with its deliveries to every endpoint. `type` filters by " +
    "event type; `resource_id` by the id of the resource in `data` (a settlement request, payment, disbursement or /v1 payment), " +
    "and also finds a payment's events by the settlement request or disbursement it belongs to. Events are kept at least 30 days.",
  "x-extension": true,
  request: { query: eventListQuerySchema },
  responses: { 200: json(cappedPaginated(eventSchema), "A page of events"), ...errorResponses(400) },
});

const get = createRoute({
  method: "get",
  path: "/v0/events/{id}",
  operationId: "getEvent",
  tags,
  summary: "Retrieve an event, with its deliveries (extension)",
  description: "`data` exactly as it was sent. Another account's or environment's event is a 404.",
  "x-extension": true,
  request: { params: z.object({ id: z.string().min(1).max(64).meta({ description: "Event id (evt_…)" }) }) },
  responses: { 200: json(eventSchema, "The event"), ...errorResponses(404) },
});

export const eventRoutes: ServiceRoute[] = [
  serviceRoute(list, async (c) =>
    c.json(await listEventsOf(c.get("deps"), c.get("caller"), c.req.valid("query")), 200),
  ),
  serviceRoute(get, async (c) => c.json(await getEvent(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200)),
];
