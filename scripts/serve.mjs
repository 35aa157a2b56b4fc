// The console's HTTP server: Next's request handler on node:http. Next's own `next start` works
// too; this server adds what only the socket knows and a graceful shutdown:
// - every request carries its TCP peer and protocol in x-console-peer / x-console-proto,
//   overwriting whatever a client sent (lib/http/client-address.ts: sign-in throttles key on it);
// - SIGTERM / SIGINT: stop accepting, drain (readiness 503, live streams end with a retry hint,
//   no new webhook claims, sends in flight finish), let in-flight requests end (at most
//   SHUTDOWN_GRACE_MS), close the database, exit 0.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import next from "next";

const root = new URL("..", import.meta.url).pathname;
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

globalThis.__consoleServer = true;
const app = next({ dev: false, dir: root, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// The headers every answer carries, set here too so that an answer Next makes before its own
// config applies (its 500 for a malformed path) has them (issue 42). lib/http/security-headers.ts
// has the same list for next.config.ts; lib/http/security-headers.test.ts keeps the two equal.
const BASE_HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
];
const HSTS = ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"];

/** A path whose percent-encoding does not decode: Next answers it with a bare 500. */
function malformedPath(url) {
  try {
    decodeURIComponent((url ?? "/").split("?")[0]);
    return false;
  } catch {
    return true;
  }
}

const server = createServer((req, res) => {
  req.headers["x-console-peer"] = req.socket.remoteAddress ?? "";
  req.headers["x-console-proto"] = req.socket.encrypted ? "https" : "http";
  for (const [name, value] of BASE_HEADERS) res.setHeader(name, value);
  if (req.socket.encrypted) res.setHeader(...HSTS);
  if (malformedPath(req.url)) {
    // A client's mistake, never a 500; the API's own envelope under /v0 and /v1.
    const api = /^\/v[01](\/|$)/.test(req.url ?? "");
    const body = api
      ? {
          status_code: 400,
          error: "validation_error",
          message: "path: the percent-encoding does not decode",
          details: [{ path: "path", message: "the percent-encoding does not decode" }],
        }
      : { error: { code: "bad_request", message: "The address is not valid: its percent-encoding does not decode." } };
    res.writeHead(400, {
      "Content-Type": "application/json",
      ...(api ? { "X-Request-Id": randomUUID() } : {}),
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
      "Cache-Control": "no-store",
    });
    res.end(JSON.stringify(body));
    return;
  }
  // A page that failed because the database is away is a 503 with Retry-After, as the API's
  // answers are (issue 58), not a 500: lib/db/availability.ts keeps whether it is away.
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (status === 500 && globalThis.__databaseAvailability?.up === false) {
      res.setHeader("Retry-After", "2");
      return writeHead.call(this, 503, ...rest);
    }
    return writeHead.call(this, status, ...rest);
  };
  handle(req, res);
});
server.keepAliveTimeout = 65_000; // longer than common balancers' idle timeout
server.listen(port, host, () => console.log(`▲ Ready on http://localhost:${port}`));

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  console.log(`[console] ${signal}: draining`);
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const hooks = globalThis.__consoleShutdownHooks;
  try {
    const drained = await hooks?.drain();
    if (drained) console.log(`[console] closed ${drained.streams} live stream(s); webhook sends in flight finished`);
  } catch (error) {
    console.error("[console] drain failed:", error);
  }
  const left = Math.max(0, graceMs - (Date.now() - started));
  const timedOut = await Promise.race([
    closed.then(() => false),
    new Promise((r) => setTimeout(() => r(true), left).unref()),
  ]);
  if (timedOut) server.closeAllConnections();
  await hooks?.close().catch(() => undefined);
  console.log(`[console] stopped in ${Date.now() - started} ms`);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
