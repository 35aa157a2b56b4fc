import "server-only";
import type { Connection } from "./config";

/**
 * How one API call reaches the service (issue 34, decision D12.8): when the connection is the
 * embedded service, its own fetch is called in this process with the very Request the network
 * would carry (method, path, query, X-Api-Key, Idempotency-Key, User-Agent, body), so every
 * middleware runs as over HTTP (key, rate limit, idempotency, request log, metrics) and only the
 * socket and Next's route-handler pass are skipped. Any configured base URL goes over the
 * network. The service is imported on first use, so a console that only calls a remote service
 * never loads it.
 */
export async function serviceFetch(conn: Connection, request: Request): Promise<Response> {
  if (!conn.embedded) return fetch(request, { cache: "no-store" });
  const { handleServiceRequest } = await import("@/lib/service/next-handler");
  return handleServiceRequest(request);
}
