import "server-only";
import { env } from "@/lib/env";
import { getServiceRuntime } from "./runtime";

const notMounted = () =>
  Response.json(
    { status_code: 404, error: "not_found", message: "The embedded service is off (EMBEDDED_SERVICE=off)" },
    { status: 404 },
  );

/** The Next route handler that hands /v0 and /v1 requests to the embedded service. */
export async function handleServiceRequest(request: Request): Promise<Response> {
  if (env().EMBEDDED_SERVICE === "off") return notMounted();
  const { app } = await getServiceRuntime();
  return app.fetch(request);
}
