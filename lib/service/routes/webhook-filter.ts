import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import {
  webhookFilterPreviewResultSchema,
  webhookFilterPreviewSchema,
  webhookFilterSchema,
  webhookFilterViewSchema,
} from "@/lib/schemas/webhook-filter";
import { getWebhookFilter, previewWebhookFilter, setWebhookFilter } from "../use-cases/webhook-filter";
import { errorJson as error, json, jsonBody, serviceRoute, unauthorized, type ServiceRoute } from "./openapi-helpers";

/**
 * An endpoint's payload condition (issue 63, extensions; decisions D9.16): set, read, and previewed on
 * the last day's events. The same under /v0 and /v1.
 */

const notFound = error("No webhook with this id in the key's account and environment");
const idParam = z.string().min(1).max(64);

function filterRoutesFor(prefix: "/v0" | "/v1") {
  const tags = ["Webhooks"];
  const op = (name: string) => `${name}${prefix === "/v1" ? "V1" : ""}`;
  const also = prefix === "/v1" ? " The same registry as /v0/webhooks." : "";
  return {
    set: createRoute({
      method: "put",
      path: `${prefix}/webhooks/{id}/filter`,
      operationId: op("setWebhookFilter"),
      tags,
      summary: "Narrow the endpoint's events by their data, beside their types (extension)",
      description:
        'A condition such as `data.destination.currency = "EUR"` (clauses `path = value` or `path != value` joined by ' +
        '"and"; the value is JSON). Applied when an event fans out: the endpoint gets a delivery only of the events that ' +
        "pass. null: every event of its types. The environment is the endpoint's own (a sandbox key's endpoints get " +
        `sandbox events). A condition that does not parse: 400 naming condition, nothing changed.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookFilterSchema) },
      responses: {
        200: json(webhookFilterViewSchema, "The endpoint's condition"),
        400: error("A field breaks a rule (named in details)"),
        401: unauthorized,
        404: notFound,
      },
    }),
    read: createRoute({
      method: "get",
      path: `${prefix}/webhooks/{id}/filter`,
      operationId: op("getWebhookFilter"),
      tags,
      summary: "The endpoint's payload condition (extension)",
      description: `null: every event of its types.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }) },
      responses: { 200: json(webhookFilterViewSchema, "The endpoint's condition"), 401: unauthorized, 404: notFound },
    }),
    preview: createRoute({
      method: "post",
      path: `${prefix}/webhooks/{id}/filter/preview`,
      operationId: op("previewWebhookFilter"),
      tags,
      summary: "How many of the last day's events a condition would have let through (extension)",
      description:
        "Of the events of the endpoint's types in the last 24 hours (the account's clock; the newest 10,000 at most, " +
        `\`capped\` then), how many pass the condition. Nothing is saved.${also}`,
      "x-extension": true,
      request: { params: z.object({ id: idParam }), body: jsonBody(webhookFilterPreviewSchema) },
      responses: {
        200: json(webhookFilterPreviewResultSchema, "The count"),
        400: error("A field breaks a rule (named in details)"),
        401: unauthorized,
        404: notFound,
      },
    }),
  };
}

export const webhookFilterRoutes: ServiceRoute[] = (["/v0", "/v1"] as const).flatMap((prefix) => {
  const r = filterRoutesFor(prefix);
  return [
    serviceRoute(r.set, async (c) =>
      c.json(await setWebhookFilter(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")), 200),
    ),
    serviceRoute(r.read, async (c) =>
      c.json(await getWebhookFilter(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
    ),
    serviceRoute(r.preview, async (c) =>
      c.json(
        await previewWebhookFilter(c.get("deps"), c.get("caller"), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    ),
  ];
});
