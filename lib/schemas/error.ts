/**
 * The error envelope (decisions D2) and the map from zod issues to its `details`.
 */
import { z } from "@/lib/schemas/zod";

export const ERROR_HTTP_STATUS = {
  validation_error: 400,
  invalid_json: 400,
  idempotency_mismatch: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  invalid_transition: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  insufficient_funds: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;
export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];

export const errorDetailSchema = z
  .object({
    path: z.string().meta({ description: 'Dotted field path, e.g. "destination.iban"; "" for the whole body' }),
    message: z.string(),
  })
  .meta({ id: "ErrorDetail" });
export type ErrorDetail = z.output<typeof errorDetailSchema>;

export const errorEnvelopeSchema = z
  .object({
    status_code: z.number().int(),
    error: z.string().meta({ description: `Stable snake_case code: ${ERROR_CODES.join(", ")}` }),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  })
  .meta({ id: "Error" });
export type ErrorEnvelope = z.output<typeof errorEnvelopeSchema>;

/** ["destination", "iban"] → "destination.iban"; ["events", 0] → "events.0" (react-hook-form's form). */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === "symbol" ? (p.description ?? "") : String(p))).join(".");
}

/** zod issues → envelope details, one per issue, path dotted. */
export function zodIssuesToDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message }));
}

/** The message line of a validation error: the first detail, named. */
export function validationMessage(details: readonly ErrorDetail[]): string {
  if (details.length === 0) return "Invalid request";
  const first = details[0];
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return `${first.path || "body"}: ${first.message}${more}`;
}
