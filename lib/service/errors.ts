import { RETRY_AFTER_SECONDS } from "@/lib/db/availability";
import { ERROR_HTTP_STATUS, type ErrorCode, type ErrorDetail } from "@/lib/schemas/error";

/**
 * The one error type of the service. Use cases throw it; the app's error handler turns it into
 * the envelope of decisions D2, with the HTTP status from the one code table.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_HTTP_STATUS[code];
  }

  toBody() {
    return {
      status_code: this.status,
      error: this.code,
      message: this.message,
      ...(this.details && this.details.length > 0 ? { details: this.details } : {}),
    };
  }
}

/** 503 while the database cannot be reached, with when to try again (decisions D2.5). */
export const databaseUnavailable = () =>
  new ApiError(
    "service_unavailable",
    "The service cannot reach its database right now; nothing was written. Try again shortly.",
    undefined,
    { "Retry-After": String(RETRY_AFTER_SECONDS) },
  );

export const notFound = (what: string) => new ApiError("not_found", `${what} not found`);

/** A validation failure on one field. */
export function invalidField(path: string, message: string): ApiError {
  return new ApiError("validation_error", `${path}: ${message}`, [{ path, message }]);
}
