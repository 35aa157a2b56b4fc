import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { webhookFailurePolicySchema, webhookHealthSchema, webhookOutageSchema } from "@/lib/schemas/webhook-health";
import { sandboxOnly } from "../middleware/auth";
import { getWebhookHealth, setWebhookFailurePolicy, setWebhookOutage } from "../use-cases/webhook-health";
import { errorJson as error, json, jsonBody, serviceRoute, unauthorized, type ServiceRoute } from "./openapi-helpers";

/**
 * An endpoint that keeps failing (issue 63, extensions; decisions D9.15): its health, its failure
 * policy (warn, then turn off) and, in the sandbox, a rehearsed outage. The same under /v0 and /v1.
 */

const notFound = error("No webhook with this id in the key's account and environment");
const idParam = z.string().min(1).max(64);

function healthRoutesFor(prefix: "/v0" | "/v1") {
  const tags = ["Webhooks"];
  const op = (name: string) => `${name}${prefix === "/v1" ? "V1" : ""}`;
  const also = prefix === "/v1" ? " The same registry as /v0/webhooks." : "";
  return {
    health: createRoute({
      method: "get",
      path: `${prefix}/webhooks/{id}/health`,
      operationId: op("getWebhookHealth"),
      tags,
      summary: "Whether the endpoint keeps failing, since when, and why it was turned off (extension)",
      description:
        "A run of failures starts at the first failed attempt after a success and ends at the next success. After " +
        "`warn_after_hours` of it (default 24) the account gets `webhook_endpoint.failing` once; after " +
        "`disable_after_hours` (production default 72; sandbox default none) the endpoint is DISABLED with the reason " +
        "and `webhook_endpoint.disabled`; its deliveries wait. Times on the account's clock." +
        also,
      "x-extension": true,
      request: { params: z.object({ id: idParam }) },
      responses: { 200: json(webhookHealthSchema, "The endpoint's health"), 401: unauthorized, 404: notFound },
    }),
    policy: createRoute({
      method: "put",
      path: `${prefix}/webhooks/{id}/failure-policy`,
      operationId: op("setWebhookFailurePolicy"),
      tags,
      summary: "After how long of only failures the endpoint is warned, and turned off (extension)",
      description:
        "`warn_after_hours` 1–168; `disable_after_hours` more than it and at most 720, or null: never turned off. A run " +
        `of failures already going is judged by the new policy at its next attempt.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookFailurePolicySchema) },
      responses: {
        200: json(webhookHealthSchema, "The endpoint's health under its new policy"),
        400: error("A field breaks a rule (named in details)"),
        401: unauthorized,
        404: notFound,
      },
    }),
    outage: createRoute({
      method: "put",
      path: `${prefix}/webhooks/{id}/outage`,
      operationId: op("setWebhookOutage"),
      tags,
      summary: "Rehearse an outage: every attempt fails for N hours of the sandbox clock (sandbox extension)",
      description:
        "For `hours` of the sandbox clock from now every attempt to the endpoint fails without a request: `http_500` " +
        "(default) records HTTP 500, `timeout` a timeout. Move the clock (POST /v0/sandbox/clock/advance) to watch the " +
        "retry schedule, the warning and the failure policy; `hours: 0` ends it. Production keys: 403." +
        also,
      "x-extension": true,
      middleware: [sandboxOnly] as const,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookOutageSchema) },
      responses: {
        200: json(webhookHealthSchema, "The endpoint's health with its outage"),
        400: error("A field breaks a rule (named in details)"),
        401: unauthorized,
        403: error("A production key"),
        404: notFound,
      },
    }),
  };
}

export const webhookHealthRoutes: ServiceRoute[] = (["/v0", "/v1"] as const).flatMap((prefix) => {
  const r = healthRoutesFor(prefix);
  return [
    serviceRoute(r.health, async (c) =>
      c.json(await getWebhookHealth(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
    ),
    serviceRoute(r.policy, async (c) =>
      c.json(
        await setWebhookFailurePolicy(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    ),
    serviceRoute(r.outage, async (c) =>
      c.json(await setWebhookOutage(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")), 200),
    ),
  ];
});
