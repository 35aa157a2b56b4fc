import "server-only";
import { env } from "@/lib/env";

const notMounted = () =>
  Response.json(
    { status_code: 404, error: "not_found", message: "The embedded service is off (EMBEDDED_SERVICE=off)" },
    { status: 404 },
  );

/** The Next route handler that hands /v0 and /v1 requests to the embedded service. */
export async function handleServiceRequest(request: Request): Promise<Response> {
  if (env().EMBEDDED_SERVICE === "off") return notMounted();
  // Loaded on the first call only: a console in front of a remote service never loads the service (issue 45).
  const { getServiceRuntime } = await import("./runtime");
  const { app } = await getServiceRuntime();
  return app.fetch(request);
}

/** Every method of a catch-all route that mounts the service (app/v0, app/v1). */
export const GET = handleServiceRequest;
export const POST = handleServiceRequest;
export const PUT = handleServiceRequest;
export const PATCH = handleServiceRequest;
export const DELETE = handleServiceRequest;
export const HEAD = handleServiceRequest;
export const OPTIONS = handleServiceRequest;
