import "server-only";
import { createRoute, z } from "@hono/zod-openapi";
import { cappedPaginated } from "@/lib/schemas/list";
import { requestLogListEntrySchema, requestLogQuerySchema, requestLogSchema } from "@/lib/schemas/request-log";
import { getRequestLog, listRequestLogsOf } from "../use-cases/request-logs";
import { errorResponses, json, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const tags = ["Request log"];

const ABOUT =
  "Every /v0 and /v1 call that carried a valid key, 4xx and 5xx included, for that key's account and environment (reads of the " +
  "request log and of /v0/openapi.json are not logged). Bodies are kept up to 16 KiB each with account_number, iban and clabe " +
  "masked; `resource_id` is the resource the call created or addressed. Entries are written in batches off the request's path " +
  "(they appear within a second; under overload entries may be dropped rather than slow the API) and kept 30 days.";

const list = createRoute({
  method: "get",
  path: "/v0/request-logs",
  operationId: "listRequestLogs",
  tags,
  summary: "List logged API calls (extension)",
  description: `${ABOUT} Newest first; filters: status class (2xx, 4xx, 5xx), method, path (exact, or a prefix ending in *), idempotency_key, resource_id, and user_agent_not; bodies=omit leaves the bodies out.`,
  "x-extension": true,
  request: { query: requestLogQuerySchema },
  responses: { 200: json(cappedPaginated(requestLogListEntrySchema), "A page of entries"), ...errorResponses(400) },
});

const get = createRoute({
  method: "get",
  path: "/v0/request-logs/{id}",
  operationId: "getRequestLog",
  tags,
  summary: "Retrieve one logged API call (extension)",
  description: ABOUT,
  "x-extension": true,
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: { 200: json(requestLogSchema, "The entry"), ...errorResponses(404) },
});

export const requestLogRoutes: ServiceRoute[] = [
  serviceRoute(list, async (c) =>
    c.json(await listRequestLogsOf(c.get("deps"), c.get("caller"), c.req.valid("query")), 200),
  ),
  serviceRoute(get, async (c) =>
    c.json(await getRequestLog(c.get("deps"), c.get("caller"), c.req.valid("param").id), 200),
  ),
];
