import "server-only";
import { createRoute } from "@hono/zod-openapi";
import { searchQuerySchema, searchResultSchema } from "@/lib/schemas/search";
import { search } from "../use-cases/search";
import { errorResponses, json, serviceRoute, type ServiceRoute } from "./openapi-helpers";

const route = createRoute({
  method: "get",
  path: "/v0/search",
  operationId: "search",
  tags: ["Search"],
  summary: "Find anything by what was pasted (extension)",
  description:
    "One string, every kind of identifier: the id of a settlement request, payment, disbursement, /v1 payment, event or webhook; " +
    "a settlement request's `external_id`, matched exactly and then ignoring case (every match listed); a /v1 payment's " +
    "`reference_id`; a transaction hash; or the last four characters of the account number, IBAN or CLABE of a request created " +
    "in the last 90 days. Only the key's account and environment. Exact id matches first, then newest first; at most 50.",
  "x-extension": true,
  request: { query: searchQuerySchema },
  responses: { 200: json(searchResultSchema, "What matched"), ...errorResponses(400) },
});

export const searchRoutes: ServiceRoute[] = [
  serviceRoute(route, async (c) => c.json(await search(c.get("deps"), c.get("caller"), c.req.valid("query")), 200)),
];
