import "server-only";
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { log } from "./log";
import { metrics } from "./metrics";

/**
 * One API request answered: counted and timed by route pattern (never the raw path: ids would
 * make a label per resource) and logged as one JSON line with its request id. Nothing of the
 * body, the key or the query.
 */
export function observeApiRequest(c: Context, route: string, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const status = String(c.res.status);
  const method = c.req.method;
  const m = metrics();
  m.apiRequests.labels(route, method, status).inc();
  m.apiLatency.labels(route, method, status).observe(seconds);
  log().info(
    {
      kind: "api",
      request_id: c.get("requestId") as string | undefined,
      method,
      route,
      status: c.res.status,
      duration_ms: Math.round(seconds * 1e4) / 10,
    },
    "api request",
  );
}

/** One server action finished: counted by result, timed, logged with its request id. */
export function observeAction(action: string, result: string, started: number, requestId: string): void {
  const seconds = (performance.now() - started) / 1000;
  const m = metrics();
  m.actions.labels(action, result).inc();
  m.actionLatency.labels(action).observe(seconds);
  log().info(
    { kind: "action", request_id: requestId, action, result, duration_ms: Math.round(seconds * 1e4) / 10 },
    "server action",
  );
}

/**
 * Runs a server action's body observed: its result code ("ok" or the error's code; "thrown"
 * when it ended by throwing, as Next's redirect or notFound from inside an action does) and its
 * duration.
 */
export async function observed<R extends { ok: boolean; error?: { code: string } }>(
  action: string,
  run: () => Promise<R>,
): Promise<R> {
  const started = performance.now();
  let result = "thrown";
  try {
    const outcome = await run();
    result = outcome.ok ? "ok" : (outcome.error?.code ?? "error");
    return outcome;
  } finally {
    observeAction(action, result, started, randomUUID());
  }
}
