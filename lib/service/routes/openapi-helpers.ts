import "server-only";
import { defineOpenAPIRoute, type OpenAPIRoute, type RouteConfig, type z } from "@hono/zod-openapi";
import { errorEnvelopeSchema } from "@/lib/schemas/error";
import type { ServiceEnv } from "../context";
import { API_KEY_SCHEME } from "../openapi";

/** The building blocks every route file declares its operations with. */

/** One operation of the API: its zod-openapi declaration and its handler (mounted by routes/index.ts). */
export type ServiceRoute = OpenAPIRoute<RouteConfig, ServiceEnv>;

/** A route with its handler, typed by the route (params, query, body, responses). */
export function serviceRoute<R extends RouteConfig>(
  route: R,
  handler: OpenAPIRoute<R, ServiceEnv>["handler"],
): ServiceRoute {
  return defineOpenAPIRoute<R, ServiceEnv>({ route, handler }) as unknown as ServiceRoute;
}

/** The operation-level `security` of the key-authenticated routes. */
export const apiKeySecurity = [{ [API_KEY_SCHEME]: [] }];

const DESCRIPTIONS: Record<number, string> = {
  400: "validation_error naming the field in details[].path (or invalid_json, idempotency_mismatch)",
  401: "unauthorized: X-Api-Key missing or unknown",
  403: "forbidden: a sandbox endpoint called with a production key",
  404: "not_found: unknown id, or an id of another account or environment",
  409: "invalid_transition (the state machine forbids the move) or idempotency_conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limit_exceeded",
};

/** The error envelope responses of an operation, with the usual descriptions (401 and 429 always). */
export function errorResponses(...statuses: number[]) {
  const out: Record<
    number,
    { description: string; content: { "application/json": { schema: typeof errorEnvelopeSchema } } }
  > = {};
  for (const status of [...statuses, 401, 429]) {
    out[status] = {
      description: DESCRIPTIONS[status] ?? "Error",
      content: { "application/json": { schema: errorEnvelopeSchema } },
    };
  }
  return out;
}

/** A JSON response. */
export const json = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** An error-envelope response with its own description. */
export const errorJson = (description: string) => json(errorEnvelopeSchema, description);

/** The 401 of the routes that describe their errors one by one. */
export const unauthorized = errorJson("Missing or unknown X-Api-Key");

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
