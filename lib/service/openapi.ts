import "server-only";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ServiceEnv } from "./context";

export const OPENAPI_PATH = "/v0/openapi.json";

export const API_KEY_SCHEME = "ApiKey";

/** The OpenAPI 3.0 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(app: OpenAPIHono<ServiceEnv>) {
  app.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "The API key of the environment being called; it decides account and environment.",
  });
  return app.getOpenAPIDocument({
    openapi: "3.0.3",
    info: {
      title: "Instant Settlement Service",
      version: "0.2.0",
      description: [
        "Moves value between fiat and stablecoins: settlement requests, payments, disbursements, rates,",
        "sandbox simulation, webhooks, and the earlier /v1 payments surface. Errors use one envelope:",
        "`{status_code, error, message, details?}`. Operations marked `x-extension: true` go beyond the",
        "interface document.",
      ].join(" "),
    },
    security: [{ [API_KEY_SCHEME]: [] }],
  });
}
