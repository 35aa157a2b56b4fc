import "server-only";
import { createRoute } from "@hono/zod-openapi";
import { summaryQuerySchema, summarySchema } from "@/lib/schemas/summary";
import { settlementSummary } from "../use-cases/summary";
import { errorResponses, json, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const route = createRoute({
  method: "get",
  path: "/v0/summary",
  operationId: "getSettlementSummary",
  tags: ["Summary"],
  summary: "Settled volume, fees, success and failure rates, time to settle, counts by status (extension)",
  description:
    "Over the settlement requests created in the range (default: the last 30 days): settled volume per UTC day of completion " +
    "and destination currency, fees of settled requests per source currency, counts by status, success and failure rates " +
    "over the requests that ended, and the median and 90th percentile of the time from creation to completion. One query.",
  "x-extension": true,
  request: { query: summaryQuerySchema },
  responses: { 200: json(summarySchema, "The summary"), ...errorResponses(400) },
});

export const summaryRoutes: ServiceRoute[] = [
  serviceRoute(route, async (c) =>
    c.json(await settlementSummary(c.get("deps"), c.get("caller"), c.req.valid("query")), 200),
  ),
];
