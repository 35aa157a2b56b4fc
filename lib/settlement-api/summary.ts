import "server-only";
import type { Environment } from "@/lib/schemas/catalog";
import { summarySchema, type SummaryQuery } from "@/lib/schemas/summary";
import { callApi } from "./client";

/** GET /v0/summary (extension): settled volume, fees, rates, time to settle, counts by status. */
export function getSettlementSummary(env: Environment, query: SummaryQuery) {
  return callApi(env, { method: "GET", path: "/v0/summary", query, schema: summarySchema });
}
