import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { WEBHOOK_DELIVERY_STATUSES } from "@/lib/state-machine";
import { enumMessage } from "@/lib/schemas/common";
import { paginated, pageQuery } from "@/lib/schemas/list";
import { webhookCreateSchema, webhookDeliverySchema, webhookSchema, webhookUpdateSchema } from "@/lib/schemas/webhook";
import { RETRY_DELAYS_MS } from "../outbox/schedule";
import { createWebhook } from "../use-cases/create-webhook";
import { deleteWebhook } from "../use-cases/delete-webhook";
import { getWebhook } from "../use-cases/get-webhook";
import { listWebhookDeliveries } from "../use-cases/list-webhook-deliveries";
import { listWebhooks } from "../use-cases/list-webhooks";
import { retryWebhookDelivery } from "../use-cases/retry-webhook-delivery";
import { updateWebhook } from "../use-cases/update-webhook";
import { errorJson as error, json, jsonBody, serviceRoute, unauthorized, type ServiceRoute } from "./openapi-helpers";

const notFound = error("No webhook (or delivery) with this id in the key's account and environment");
const idParam = z.string().min(1).max(64);

const DELIVERY_TEXT = [
  "Deliveries: `POST url` with `Content-Type: application/json`, `X-Service-Event-Id` and",
  '`X-Service-Signature: t=<unix>,v1=<hex>` (hex HMAC-SHA256 keyed with the secret string, over `t + "." + raw body`;',
  "t is the sender's wall-clock time). Body `{id, type, created_at, data}`, `data` the resource as a GET returns it.",
  "At least once, from a transactional outbox; events may repeat and arrive out of order (dedupe on the event id).",
  `A 2xx within 10 s acknowledges; anything else (a redirect included: redirects are not followed) is a failure. ${RETRY_DELAYS_MS.length}`,
  "attempts in all: at once, then after 1 min, 5 min, 15 min, 1 h, 1 d, 2 d, 4 d, 1 w and 2 w, each delay counted from the",
  "previous failure; after the tenth failure the delivery is FAILED. A DISABLED endpoint gets no new deliveries and its",
  "queued ones wait until it is ACTIVE again.",
].join(" ");

const URL_TEXT =
  "Production endpoints must use https and may not resolve to loopback, private, link-local or other non-public addresses " +
  "(checked here, and again on every connection); sandbox endpoints may target public and loopback addresses (local receivers), " +
  "and private, link-local or special-use ranges only when the service runs with SANDBOX_WEBHOOK_ALLOW_PRIVATE=true (400 naming url otherwise).";

function routesFor(prefix: "/v0" | "/v1") {
  const tags = ["Webhooks"];
  const op = (name: string) => `${name}${prefix === "/v1" ? "V1" : ""}`;
  const also = prefix === "/v1" ? " The same registry as /v0/webhooks." : "";
  return {
    create: createRoute({
      method: "post",
      path: `${prefix}/webhooks`,
      operationId: op("createWebhook"),
      tags,
      summary: "Register a webhook endpoint",
      description: `Answers 201 with the record and its \`secret\` (\`whsec_\` + 32 random bytes, base64url): the only time the secret is shown. Unknown event types: 400. ${URL_TEXT} ${DELIVERY_TEXT}${also}`,
      request: { body: jsonBody(webhookCreateSchema) },
      responses: {
        201: json(webhookSchema, "Created, ACTIVE; carries the secret"),
        400: error("A field breaks a rule (named in details): URL, unknown event type, ..."),
        401: unauthorized,
      },
    }),
    list: createRoute({
      method: "get",
      path: `${prefix}/webhooks`,
      operationId: op("listWebhooks"),
      tags,
      summary: "List webhook endpoints",
      description: `Newest first, without secrets.${also}`,
      request: { query: z.object(pageQuery) },
      responses: {
        200: json(paginated(webhookSchema), "A page of endpoints"),
        400: error("page or page_size out of range"),
        401: unauthorized,
      },
    }),
    get: createRoute({
      method: "get",
      path: `${prefix}/webhooks/{id}`,
      operationId: op("getWebhook"),
      tags,
      summary: "Retrieve a webhook endpoint",
      description: `Without the secret.${also}`,
      request: { params: z.object({ id: idParam }) },
      responses: { 200: json(webhookSchema, "The endpoint"), 401: unauthorized, 404: notFound },
    }),
    update: createRoute({
      method: "patch",
      path: `${prefix}/webhooks/{id}`,
      operationId: op("updateWebhook"),
      tags,
      summary: "Update a webhook endpoint",
      description: `\`events\` replaces the list; \`status\` ACTIVE or DISABLED; a new \`url\` is checked as on create. ${URL_TEXT}${also}`,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookUpdateSchema) },
      responses: {
        200: json(webhookSchema, "The updated endpoint, without the secret"),
        400: error("A field breaks a rule"),
        401: unauthorized,
        404: notFound,
      },
    }),
    remove: createRoute({
      method: "delete",
      path: `${prefix}/webhooks/{id}`,
      operationId: op("deleteWebhook"),
      tags,
      summary: "Delete a webhook endpoint",
      description: `Its queued deliveries are dropped; nothing more is sent to it.${also}`,
      request: { params: z.object({ id: idParam }) },
      responses: { 204: { description: "Deleted" }, 401: unauthorized, 404: notFound },
    }),
    deliveries: createRoute({
      method: "get",
      path: `${prefix}/webhooks/{id}/deliveries`,
      operationId: op("listWebhookDeliveries"),
      tags,
      summary: "List deliveries of an endpoint, with every attempt (extension)",
      description:
        "Newest first. Each delivery carries its attempts: time, HTTP status (null when no answer came), duration in ms, the " +
        "first 1 KiB of the answer and the error. `next_attempt_at` is set while the delivery is PENDING.",
      "x-extension": true,
      request: {
        params: z.object({ id: idParam }),
        query: z.object({
          ...pageQuery,
          status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: enumMessage(WEBHOOK_DELIVERY_STATUSES) }).optional(),
          event_id: z.string().min(1).max(64).optional().meta({ description: "Only the delivery of this event" }),
        }),
      },
      responses: {
        200: json(paginated(webhookDeliverySchema), "A page of deliveries"),
        400: error("A query value breaks a rule"),
        401: unauthorized,
        404: notFound,
      },
    }),
    retry: createRoute({
      method: "post",
      path: `${prefix}/webhooks/{id}/deliveries/{delivery_id}/retry`,
      operationId: op("retryWebhookDelivery"),
      tags,
      summary: "Send a delivery again now (extension)",
      description:
        "Answers 202: the delivery is PENDING and due at once, whatever its status was. A FAILED or SUCCEEDED delivery gets " +
        "another attempt, numbered on from its last; if that fails after the tenth it is FAILED again, before the tenth the " +
        "schedule resumes.",
      "x-extension": true,
      request: { params: z.object({ id: idParam, delivery_id: idParam }) },
      responses: {
        202: json(webhookDeliverySchema, "Queued; the delivery as it is now"),
        401: unauthorized,
        404: notFound,
      },
    }),
  };
}

/** The same operations under /v0 and /v1 (one registry). */
export const webhookRoutes: ServiceRoute[] = (["/v0", "/v1"] as const).flatMap((prefix) => {
  const r = routesFor(prefix);
  return [
    serviceRoute(r.create, async (c) =>
      c.json(await createWebhook(c.get("deps"), c.get("caller"), c.req.valid("json")), 201),
    ),
    serviceRoute(r.list, async (c) =>
      c.json(await listWebhooks(c.get("deps"), c.get("caller"), c.req.valid("query")), 200),
    ),
    serviceRoute(r.get, async (c) =>
      c.json(await getWebhook(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
    ),
    serviceRoute(r.update, async (c) =>
      c.json(await updateWebhook(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")), 200),
    ),
    serviceRoute(r.remove, async (c) => {
      await deleteWebhook(c.get("deps"), c.get("caller"), c.req.valid("param").id);
      return c.body(null, 204);
    }),
    serviceRoute(r.deliveries, async (c) =>
      c.json(
        await listWebhookDeliveries(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("query")),
        200,
      ),
    ),
    serviceRoute(r.retry, async (c) => {
      const { id, delivery_id } = c.req.valid("param");
      return c.json(await retryWebhookDelivery(c.get("deps"), c.get("caller"), id, delivery_id), 202);
    }),
  ];
});
