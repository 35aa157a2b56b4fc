import "server-only";
import type { CappedPaginated } from "@/lib/schemas/list";
import type { RequestLogEntry, RequestLogListEntry, RequestLogQuery } from "@/lib/schemas/request-log";
import type { Caller, ServiceDeps } from "../context";
import { notFound } from "../errors";
import { bodyForWire } from "../request-log/entry";
import { findRequestLog, listRequestLogs, type RequestLogRow } from "../store/request-logs";
import { cappedPageOf } from "./pagination";

function summaryOf(row: Omit<RequestLogRow, "requestBody" | "responseBody">): RequestLogListEntry {
  return {
    id: row.id,
    request_id: row.requestId,
    at: row.at.toISOString(),
    method: row.method,
    path: row.path,
    query: row.query,
    status: row.status,
    duration_ms: row.durationMs,
    key_prefix: row.keyPrefix,
    idempotency_key: row.idempotencyKey,
    idempotent_replayed: row.idempotentReplayed,
    resource_id: row.resourceId,
    user_agent: row.userAgent,
  };
}

function toEntry(row: RequestLogRow): RequestLogEntry {
  return {
    ...summaryOf(row),
    request_body: bodyForWire(row.requestBody),
    response_body: bodyForWire(row.responseBody),
  };
}

/** GET /v0/request-logs (extension, decision D11): the key's account and environment, newest first. */
export async function listRequestLogsOf(
  deps: ServiceDeps,
  caller: Caller,
  q: RequestLogQuery,
): Promise<CappedPaginated<RequestLogListEntry>> {
  const bodies = q.bodies !== "omit";
  const { rows, total } = await listRequestLogs(
    deps.db,
    caller,
    {
      status: q.status,
      method: q.method,
      path: q.path,
      idempotencyKey: q.idempotency_key,
      resourceId: q.resource_id,
      userAgentNot: q.user_agent_not,
    },
    { page: q.page, pageSize: q.page_size },
    { bodies },
  );
  return {
    data: rows.map((row) => (bodies ? toEntry(row) : summaryOf(row))),
    pagination: cappedPageOf(q.page, q.page_size, total),
  };
}

/** GET /v0/request-logs/{id}: another account's or environment's entry is a 404. */
export async function getRequestLog(deps: ServiceDeps, caller: Caller, id: string): Promise<RequestLogEntry> {
  const row = await findRequestLog(deps.db, caller, id);
  if (!row) throw notFound("Request log entry");
  return toEntry(row);
}
