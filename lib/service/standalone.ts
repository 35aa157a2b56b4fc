import "server-only";
import cluster from "node:cluster";
import nextEnv from "@next/env";
import { serve } from "@hono/node-server";
import { env } from "@/lib/env";
import { getServiceRuntime } from "./runtime";

/**
 * `npm run service`: the embedded service alone on node:http, for integrators. With
 * SERVICE_WORKERS > 1 (PostgreSQL only) that many processes share the port, as several
 * instances would: the first one migrates and bootstraps, the rest start once it listens.
 */
nextEnv.loadEnvConfig(process.cwd());
const port = Number(process.env.SERVICE_PORT ?? 4010);
const hostname = process.env.SERVICE_HOST ?? "0.0.0.0";
const { SERVICE_WORKERS: workers, DATABASE_URL } = env();

if (workers > 1 && !DATABASE_URL) {
  console.error("SERVICE_WORKERS > 1 needs DATABASE_URL: the embedded PGlite belongs to one process");
  process.exit(1);
}

if (workers > 1 && cluster.isPrimary) {
  let stopping: number | null = null; // the exit code, once stopping
  const stopAll = (code: number) => {
    if (stopping !== null) return;
    stopping = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(code), 5_000).unref();
  };
  const first = cluster.fork();
  first.once("listening", () => {
    for (let i = 1; i < workers; i++) cluster.fork();
    console.log(
      `Settlement service listening on http://localhost:${port} with ${workers} processes (OpenAPI: /v0/openapi.json)`,
    );
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping === null) {
      console.error(`service process ${worker.process.pid} ended (${signal ?? code}); stopping`);
      stopAll(1);
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopping ?? 1);
  });
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));
} else {
  const runtime = await getServiceRuntime();
  const server = serve({ fetch: runtime.app.fetch, port, hostname }, () => {
    if (cluster.isPrimary)
      console.log(`Settlement service listening on http://localhost:${port} (OpenAPI: /v0/openapi.json)`);
  });
  const shutdown = async () => {
    server.close();
    await runtime.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
