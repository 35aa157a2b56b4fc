import "server-only";
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { log } from "./log";
import { metrics } from "./metrics";

/** An API answer slower than this is logged at info even when it succeeded. */
export const SLOW_REQUEST_MS = 500;

type Series = { count: { inc(): void }; latency: { observe(v: number): void } };
const series = new Map<string, Series>();

/** The counter and histogram children of one route, method and status, looked up once (labels() hashes its values on every call). */
function seriesOf(route: string, method: string, status: string): Series {
  const key = `${method} ${route} ${status}`;
  let found = series.get(key);
  if (!found) {
    const m = metrics();
    found = { count: m.apiRequests.labels(route, method, status), latency: m.apiLatency.labels(route, method, status) };
    series.set(key, found);
  }
  return found;
}

/** The level of an API request's log line: a 5xx at error, a 4xx or a slow answer at info, any other at debug. */
export function accessLogLevel(status: number, ms: number): "error" | "info" | "debug" {
  return status >= 500 ? "error" : status >= 400 || ms >= SLOW_REQUEST_MS ? "info" : "debug";
}

/**
 * One API request answered: counted and timed by route pattern (never the raw path: ids would
 * make a label per resource), and logged as one JSON line with its request id: a 5xx at error,
 * a 4xx or a slow answer at info, any other at debug (decision D16.13: the line cost a fifth of
 * the hot path's throughput). Nothing of the body, the key or the query.
 */
export function observeApiRequest(c: Context, route: string, started: number): void {
  const ms = performance.now() - started;
  const status = c.res.status;
  const method = c.req.method;
  const s = seriesOf(route, method, String(status));
  s.count.inc();
  s.latency.observe(ms / 1000);
  const level = accessLogLevel(status, ms);
  const logger = log();
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      kind: "api",
      request_id: c.get("requestId") as string | undefined,
      method,
      route,
      status,
      duration_ms: Math.round(ms * 10) / 10,
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
