import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import {
  webhookRedriveSchema,
  webhookRedrivenSchema,
  webhookReplayResultSchema,
  webhookReplaySchema,
  webhookRotateSchema,
  webhookSecretRotationSchema,
  webhookThrottleSchema,
  webhookThrottleViewSchema,
} from "@/lib/schemas/webhook";
import { redriveDeadLetters } from "../use-cases/redrive-dead-letters";
import { replayWebhookRange } from "../use-cases/replay-webhook-range";
import { getWebhookRotation, rotateWebhookSecret } from "../use-cases/rotate-webhook-secret";
import { getWebhookThrottle, setWebhookThrottle } from "../use-cases/webhook-throttle";
import { errorJson as error, json, jsonBody, serviceRoute, unauthorized, type ServiceRoute } from "./openapi-helpers";

/**
 * The day an endpoint breaks (issue 63, extensions; decisions D9.12–D9.14): roll its secret with
 * an overlap, limit its rate, replay a range, send its dead letters again. The same under /v0 and
 * /v1 (one registry).
 */

const notFound = error("No webhook (or delivery) with this id in the key's account and environment");
const idParam = z.string().min(1).max(64);

function operationsFor(prefix: "/v0" | "/v1") {
  const tags = ["Webhooks"];
  const op = (name: string) => `${name}${prefix === "/v1" ? "V1" : ""}`;
  const also = prefix === "/v1" ? " The same registry as /v0/webhooks." : "";
  return {
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

export const webhookOperationRoutes: ServiceRoute[] = (["/v0", "/v1"] as const).flatMap((prefix) => {
  const r = operationsFor(prefix);
  return [
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
  ];
});
