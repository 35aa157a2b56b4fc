// The console's HTTP server: Next's request handler on node:http. Next's own `next start` works
// too; this server adds what only the socket knows and a graceful shutdown:
// - every request carries its TCP peer and protocol in x-console-peer / x-console-proto,
//   overwriting whatever a client sent (lib/http/client-address.ts: sign-in throttles key on it);
// - SIGTERM / SIGINT: stop accepting, drain (readiness 503, live streams end with a retry hint,
//   no new webhook claims, sends in flight finish), let in-flight requests end (at most
//   SHUTDOWN_GRACE_MS), close the database, exit 0.
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

const server = createServer((req, res) => {
  req.headers["x-console-peer"] = req.socket.remoteAddress ?? "";
  req.headers["x-console-proto"] = req.socket.encrypted ? "https" : "http";
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
