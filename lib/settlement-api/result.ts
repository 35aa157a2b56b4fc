import type { ErrorDetail } from "@/lib/schemas/error";

/**
 * What a call to the settlement API comes back as. Never throws for API errors, network
 * failures or unexpected bodies: callers switch on `ok` and `error.kind`.
 */
export type ApiFailure =
  /** The API answered with its error envelope (decisions D2). */
  | {
      kind: "api";
      status: number;
      code: string;
      message: string;
      details: ErrorDetail[];
      /** Seconds to wait, from Retry-After (429). */
      retryAfterSeconds?: number;
      requestId?: string;
    }
  /** No answer: connection refused, DNS, timeout. */
  | { kind: "network"; message: string }
  /** An answer that is not the documented shape (logged on the server; not shown raw). */
  | { kind: "bad_response"; status: number; message: string }
  /** No API key configured for this environment. */
  | { kind: "not_configured"; message: string };

/** `rateLimit`: what the RateLimit headers said of the key's window (when the API sent them). */
export type ApiSuccess<T> = {
  ok: true;
  data: T;
  status: number;
  replayed: boolean;
  requestId?: string;
  rateLimit?: RateLimitState;
};
export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };
export type ApiResult<T> = ApiSuccess<T> | { ok: false; error: ApiFailure };
