import "server-only";
import { rateResponseSchema, type RateQuery } from "@/lib/schemas";
import type { Environment } from "@/lib/schemas/catalog";
import { callApi } from "./client";

/** GET /v0/rates: an indicative quote (camelCase query, the document's exception). */
export function getRate(env: Environment, query: RateQuery) {
  return callApi(env, { method: "GET", path: "/v0/rates", query, schema: rateResponseSchema });
}
