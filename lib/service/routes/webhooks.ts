import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { WEBHOOK_DELIVERY_STATUSES } from "@/lib/state-machine";
import { enumMessage } from "@/lib/schemas/common";
import { paginated, pageQuery } from "@/lib/schemas/list";
import {
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookRedriveSchema,
  webhookRedrivenSchema,
  webhookReplayResultSchema,
  webhookReplaySchema,
  webhookRotateSchema,
  webhookSchema,
  webhookSecretRotationSchema,
  webhookThrottleSchema,
  webhookThrottleViewSchema,
  webhookUpdateSchema,
} from "@/lib/schemas/webhook";
import { RETRY_DELAYS_MS } from "../outbox/schedule";
import { createWebhook } from "../use-cases/create-webhook";
import { deleteWebhook } from "../use-cases/delete-webhook";
import { getWebhook } from "../use-cases/get-webhook";
import { listWebhookDeliveries } from "../use-cases/list-webhook-deliveries";
import { listWebhooks } from "../use-cases/list-webhooks";
import { retryWebhookDelivery } from "../use-cases/retry-webhook-delivery";
import { updateWebhook } from "../use-cases/update-webhook";
import { getWebhookRotation, rotateWebhookSecret } from "../use-cases/rotate-webhook-secret";
import { redriveDeadLetters } from "../use-cases/redrive-dead-letters";
import { replayWebhookRange } from "../use-cases/replay-webhook-range";
import { getWebhookThrottle, setWebhookThrottle } from "../use-cases/webhook-throttle";
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
    rotate: createRoute({
      method: "post",
      path: `${prefix}/webhooks/{id}/rotate`,
      operationId: op("rotateWebhookSecret"),
      tags,
      summary: "Roll the endpoint's signing secret, the old one overlapping (extension)",
      description:
        "Answers the new secret, the only time it is shown. The secret the endpoint had keeps signing beside it for " +
        "`previous_secret_expires_in` seconds (default 24 h, at most 7 days; 0: it stops at once): every delivery in the " +
        "overlap carries one `v1` per live secret, the new one first, so a receiver that checks any `v1` (as Stripe's " +
        "verifier does) accepts both while it moves to the new secret. The overlap runs on the account's clock (the " +
        `sandbox clock in the sandbox). One rotation at a time: 409 while an overlap lasts, nothing changed.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookRotateSchema) },
      responses: {
        200: json(webhookSecretRotationSchema, "Rolled: the new secret, and until when the old one signs"),
        400: error("A field breaks a rule (named in details)"),
        401: unauthorized,
        404: notFound,
        409: error("A rotation's overlap is still running"),
      },
    }),
    redrive: createRoute({
      method: "post",
      path: `${prefix}/webhooks/{id}/dead-letters/redrive`,
      operationId: op("redriveWebhookDeadLetters"),
      tags,
      summary: "Send dead letters again: every FAILED delivery of the endpoint, or those named (extension)",
      description:
        "A dead letter is a delivery that used its ten attempts (status FAILED; list them with `GET …/deliveries?status=FAILED`, " +
        "each with its last answer). They are PENDING again and due now, oldest event first, each counting on from its last " +
        "attempt: one that fails again is FAILED again. A named id that is not a dead letter of this endpoint: 400 naming it, " +
        `nothing moved. Answers 202 with how many.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookRedriveSchema) },
      responses: {
        202: json(webhookRedrivenSchema, "Queued again"),
        400: error("A field breaks a rule (named in details)"),
        401: unauthorized,
        404: notFound,
      },
    }),
    replay: createRoute({
      method: "post",
      path: `${prefix}/webhooks/{id}/replay`,
      operationId: op("replayWebhookRange"),
      tags,
      summary: "Send a time range of deliveries again, in order; count first with dry_run (extension)",
      description:
        "The endpoint's finished deliveries (SUCCEEDED or FAILED; with `only_failed`, FAILED) of events created in " +
        "[from, to) on the account's clock, of `types` or all, at most 31 days: `dry_run` answers how many, nothing sent. " +
        "Otherwise they are due again now, in their events' order, through the endpoint's rate, each carrying " +
        "`X-Service-Replay: <replay_id>` and counting on from its last attempt. A range an earlier replay covered in part: " +
        `409 naming confirm_repeat until it is sent true. Nothing to send: 400 naming from. Answers 202.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookReplaySchema) },
      responses: {
        200: json(webhookReplayResultSchema, "A dry run's count"),
        202: json(webhookReplayResultSchema, "Replaying: how many, and the replay's id"),
        400: error("A field breaks a rule, or nothing to replay (named in details)"),
        401: unauthorized,
        404: notFound,
        409: error("An earlier replay covered part of the range"),
      },
    }),
    throttle: createRoute({
      method: "put",
      path: `${prefix}/webhooks/{id}/throttle`,
      operationId: op("setWebhookThrottle"),
      tags,
      summary: "Limit deliveries to this endpoint per second, across every instance (extension)",
      description:
        "At most `max_per_second` deliveries a second reach the endpoint, however many instances send: sends are spaced " +
        "evenly, so a receiver counting by the second never sees more. Deliveries over the rate wait their turn: no attempt " +
        `is counted and the retry schedule does not move while they wait. null removes the limit.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookThrottleSchema) },
      responses: {
        200: json(webhookThrottleViewSchema, "The endpoint's rate"),
        400: error("A field breaks a rule (named in details)"),
        401: unauthorized,
        404: notFound,
      },
    }),
    throttleRead: createRoute({
      method: "get",
      path: `${prefix}/webhooks/{id}/throttle`,
      operationId: op("getWebhookThrottle"),
      tags,
      summary: "The endpoint's delivery rate (extension)",
      description: `null: no limit beyond the workers' concurrency.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }) },
      responses: { 200: json(webhookThrottleViewSchema, "The endpoint's rate"), 401: unauthorized, 404: notFound },
    }),
    rotation: createRoute({
      method: "get",
      path: `${prefix}/webhooks/{id}/rotation`,
      operationId: op("getWebhookRotation"),
      tags,
      summary: "When the secret was last rolled, and until when the old one signs (extension)",
      description: `Never a secret.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }) },
      responses: {
        200: json(webhookSecretRotationSchema, "The endpoint's rotation"),
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
    serviceRoute(r.rotate, async (c) =>
      c.json(
        await rotateWebhookSecret(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    ),
    serviceRoute(r.redrive, async (c) =>
      c.json(
        await redriveDeadLetters(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")),
        202,
      ),
    ),
    serviceRoute(r.replay, async (c) => {
      const result = await replayWebhookRange(
        c.get("deps"),
        c.get("caller"),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return result.dry_run ? c.json(result, 200) : c.json(result, 202);
    }),
    serviceRoute(r.throttle, async (c) =>
      c.json(
        await setWebhookThrottle(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    ),
    serviceRoute(r.throttleRead, async (c) =>
      c.json(await getWebhookThrottle(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
    ),
    serviceRoute(r.rotation, async (c) =>
      c.json(await getWebhookRotation(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
    ),
    serviceRoute(r.retry, async (c) => {
      const { id, delivery_id } = c.req.valid("param");
      return c.json(await retryWebhookDelivery(c.get("deps"), c.get("caller"), id, delivery_id), 202);
    }),
  ];
});
