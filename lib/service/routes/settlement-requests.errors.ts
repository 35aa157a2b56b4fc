import "server-only";
import { errorEnvelopeSchema } from "@/lib/schemas/error";

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

/** The error envelope responses of an operation, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  const out: Record<number, { description: string; content: { "application/json": { schema: typeof errorEnvelopeSchema } } }> = {};
  for (const status of [...statuses, 401, 429]) {
    out[status] = { description: DESCRIPTIONS[status] ?? "Error", content: { "application/json": { schema: errorEnvelopeSchema } } };
  }
  return out;
}

export const json = <T>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
