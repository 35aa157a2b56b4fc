import "server-only";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ServiceEnv } from "../context";

/** One registrar per API resource; each file declares its routes with zod-openapi. */
const registrars: Array<(app: OpenAPIHono<ServiceEnv>) => void> = [];

export function registerRoutes(app: OpenAPIHono<ServiceEnv>): void {
  for (const register of registrars) register(app);
}
