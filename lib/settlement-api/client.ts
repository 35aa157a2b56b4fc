import "server-only";
import type { z } from "zod";
import type { Environment } from "@/lib/schemas/catalog";
import { errorEnvelopeSchema } from "@/lib/schemas/error";
import { connectionFor } from "./config";
import { serviceFetch } from "./service-fetch";
import type { ApiFailure, ApiResult, RateLimitState } from "./result";
import { safeError } from "@/lib/observability/safe-error";
import { CONSOLE_USER_AGENT_PREFIX } from "@/lib/schemas/request-log";

const CONSOLE_USER_AGENT = `${CONSOLE_USER_AGENT_PREFIX}1 (dashboard)`;

const TIMEOUT_MS = 15_000;

type Query = Record<string, string | number | boolean | undefined | null>;

export type ApiRequest<S extends z.ZodType> = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path under the base URL, starting with /v0 or /v1; dynamic segments already encoded. */
  path: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as the Idempotency-Key header. */
  idempotencyKey?: string;
  /** The response schema (`z.undefined()` for an empty 204 body). */
  schema: S;
};

/** Encodes a path segment (an id from user input or a URL). */
export const seg = (value: string) => encodeURIComponent(value);

function buildUrl(baseUrl: string, path: string, query: Query | undefined): string {
  const url = new URL(baseUrl + path);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  return url.toString();
}

function retryAfter(res: Response): number | undefined {
  const raw = res.headers.get("retry-after") ?? res.headers.get("ratelimit-reset");
  if (!raw) return undefined;
  const seconds = Number.parseInt(raw, 10);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Opened = { ok: true; res: Response } | { ok: false; error: ApiFailure };

/**
 * Sends one request to the settlement API and gives back its Response unread, or why there is
 * none: adds X-Api-Key and the console's User-Agent, sends JSON. `signal` replaces the default
 * timeout (a streamed export sets its own, between chunks).
 */
export async function openCall(
  environment: Environment,
  req: Omit<ApiRequest<z.ZodType>, "schema">,
  signal: AbortSignal = AbortSignal.timeout(TIMEOUT_MS),
): Promise<Opened> {
  const conn = connectionFor(environment);
  if (!conn.apiKey) {
    return {
      ok: false,
      error: { kind: "not_configured", message: `No API key is configured for ${environment}.` },
    };
  }
  const url = buildUrl(conn.baseUrl, req.path, req.query);
  // The console's own calls say so: the Request log hides them by default (CONSOLE_USER_AGENT_PREFIX).
  const headers: Record<string, string> = {
    Accept: "application/json",
    "User-Agent": CONSOLE_USER_AGENT,
    "X-Api-Key": conn.apiKey,
    ...req.headers,
  };
  if (req.idempotencyKey) headers["Idempotency-Key"] = req.idempotencyKey;
  if (req.body !== undefined) headers["Content-Type"] = "application/json";
  try {
    const request = new Request(url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal,
    });
    return { ok: true, res: await serviceFetch(conn, request) };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    console.error(`[settlement-api] ${req.method} ${req.path} (${environment}) failed:`, safeError(error));
    return {
      ok: false,
      error: {
        kind: "network",
        message: timedOut
          ? `The settlement API did not answer within ${TIMEOUT_MS / 1000} s.`
          : `The settlement API at ${new URL(conn.baseUrl).host} could not be reached.`,
      },
    };
  }
}

/** What an answer that is not 2xx means: the error envelope (with Retry-After on a 429), or an answer of no known shape. */
export function failureOf(res: Response, payload: unknown, what: string): ApiFailure {
  const envelope = errorEnvelopeSchema.safeParse(payload);
  if (envelope.success) {
    return {
      kind: "api",
      status: res.status,
      code: envelope.data.error,
      message: envelope.data.message,
      details: envelope.data.details ?? [],
      retryAfterSeconds: res.status === 429 ? retryAfter(res) : undefined,
      requestId: res.headers.get("x-request-id") ?? undefined,
    };
  }
  console.error(`[settlement-api] ${what}: ${res.status} without an error envelope`);
  return { kind: "bad_response", status: res.status, message: `The settlement API answered ${res.status}.` };
}

/**
 * The one function that talks to the settlement API: adds X-Api-Key, sends JSON, parses the
 * answer with `schema`, and turns the error envelope, a 429, a network failure or an
 * unexpected body into a typed failure.
 */
export async function callApi<S extends z.ZodType>(
  environment: Environment,
  req: ApiRequest<S>,
): Promise<ApiResult<z.output<S>>> {
  const opened = await openCall(environment, req);
  if (!opened.ok) return opened;
  const { res } = opened;
  const requestId = res.headers.get("x-request-id") ?? undefined;
  const payload = await readJson(res);
  if (!res.ok) return { ok: false, error: failureOf(res, payload, `${req.method} ${req.path}`) };

  const replayed = res.headers.get("idempotent-replayed") === "true";
  const parsed = req.schema.safeParse(payload);
  if (!parsed.success) {
    console.error(
      `[settlement-api] ${req.method} ${req.path}: unexpected response shape`,
      parsed.error.issues.slice(0, 5),
    );
    return {
      ok: false,
      error: {
        kind: "bad_response",
        status: res.status,
        message: "The settlement API answered in an unexpected shape.",
      },
    };
  }
  const rateLimit = rateLimitOf(res);
  return { ok: true, data: parsed.data, status: res.status, replayed, requestId, ...(rateLimit ? { rateLimit } : {}) };
}

/** The RateLimit-Limit, -Remaining and -Reset headers, when all three are numbers. */
function rateLimitOf(res: Response): RateLimitState | undefined {
  const [limit, remaining, resetSeconds] = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"].map((h) =>
    Number(res.headers.get(h) ?? Number.NaN),
  );
  return [limit, remaining, resetSeconds].every(Number.isFinite) ? { limit, remaining, resetSeconds } : undefined;
}
