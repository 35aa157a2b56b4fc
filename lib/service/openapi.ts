import "server-only";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ServiceEnv } from "./context";
import { strictDocument } from "./openapi-strict";

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
  return strictDocument(
    withCommonErrors(
      app.getOpenAPIDocument({
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
      }),
    ),
  );
}

type Document = ReturnType<OpenAPIHono<ServiceEnv>["getOpenAPIDocument"]>;
const COMMON_ERRORS: Record<string, string> = {
  "400": "validation_error naming the field in details[].path (any parameter, NUL characters included)",
  "401": "unauthorized: X-Api-Key missing or unknown",
  "429": "rate_limit_exceeded (Retry-After tells when to come back)",
  "500": "internal_error: never on any input a client can send; the X-Request-Id identifies it",
  "503":
    "service_unavailable: the database cannot be reached; nothing was written; try again after Retry-After seconds",
};
const BODY_ERRORS: Record<string, string> = {
  "400": "validation_error naming the field, or invalid_json",
  "413": "payload_too_large: the body is over 1 MiB (cut while it streams)",
  "415": "unsupported_media_type: the body is not application/json",
};

/**
 * Every operation may answer the transport errors of decision D1.4 and D2: the document says
 * so on each, so a client (or a fuzzer) finds every answer documented.
 */
function withCommonErrors(doc: Document): Document {
  const errorRef = { $ref: "#/components/schemas/Error" };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(
      item as Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>,
    )) {
      if (!["get", "post", "put", "patch", "delete"].includes(method) || !op.responses) continue;
      const extra = { ...COMMON_ERRORS, ...(op.requestBody ? BODY_ERRORS : {}) };
      for (const [status, description] of Object.entries(extra)) {
        op.responses[status] ??= { description, content: { "application/json": { schema: errorRef } } };
      }
    }
  }
  return doc;
}
