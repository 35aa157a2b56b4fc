import "server-only";
import nextEnv from "@next/env";
import { serve } from "@hono/node-server";
import { getServiceRuntime } from "./runtime";

/** `npm run service`: the embedded service alone on node:http, for integrators. */
nextEnv.loadEnvConfig(process.cwd());
const port = Number(process.env.SERVICE_PORT ?? 4010);
const runtime = await getServiceRuntime();
const server = serve({ fetch: runtime.app.fetch, port, hostname: process.env.SERVICE_HOST ?? "0.0.0.0" }, () => {
  console.log(`Settlement service listening on http://localhost:${port} (OpenAPI: /v0/openapi.json)`);
});

async function shutdown() {
  server.close();
  await runtime.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
