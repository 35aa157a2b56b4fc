import "server-only";
import { paginated } from "@/lib/schemas/list";
import { requestLogListEntrySchema, requestLogSchema, type RequestLogQuery } from "@/lib/schemas/request-log";
import type { Environment } from "@/lib/schemas/catalog";
import { callApi } from "./client";

/**
 * GET /v0/request-logs (extension): the key's account's API calls, newest first, without their
 * bodies (the list shows none; an entry opened reads them with getRequestLog).
 */
export function listRequestLogs(env: Environment, query: Partial<RequestLogQuery> = {}) {
  return callApi(env, {
    method: "GET",
    path: "/v0/request-logs",
    query: { ...query, bodies: "omit" },
    schema: paginated(requestLogListEntrySchema),
  });
}

/** GET /v0/request-logs/{id} (extension): one call, with both bodies. */
export function getRequestLog(env: Environment, id: string) {
  return callApi(env, { method: "GET", path: `/v0/request-logs/${encodeURIComponent(id)}`, schema: requestLogSchema });
}
