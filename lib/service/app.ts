import "server-only";
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { Context } from "hono";
import { zodIssuesToDetails, validationMessage } from "@/lib/schemas/error";
import { ApiError, databaseUnavailable } from "./errors";
import { authenticateAndLimit, countIfKeyed } from "./middleware/auth";
import { rejectNulInUrl } from "./middleware/input-guards";
import { jsonBody } from "./middleware/json-body";
import { requestLogger } from "./request-log/middleware";
import { ADMIN_PREFIX, handleAdminKeys } from "./admin/api-keys";
import { cachedSandboxOffset, depsAt, sandboxOffset } from "./sandbox-clock";
import { RateLimiter } from "./rate-limiter";
import { requestId } from "./middleware/request-id";
import { buildOpenApiDocument, OPENAPI_PATH } from "./openapi";
import { ROUTES } from "./routes";
import { createRouteTable } from "./route-table";
import type { ServiceDeps, ServiceEnv } from "./context";
import { observeApiRequest } from "@/lib/observability/observe";
import { safeError } from "@/lib/observability/safe-error";
import { isDatabaseUnavailable, markDatabaseLost } from "@/lib/db/availability";

export type ServiceApp = OpenAPIHono<ServiceEnv>;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function errorResponse(c: Context<ServiceEnv>, error: ApiError): Response {
  const res = c.json(error.toBody(), error.status as 400);
  const headers = { ...c.get("rateLimitHeaders"), ...error.headers };
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

/** Maps errors Hono itself raises (media type gate, malformed JSON) onto our codes. */
function fromHttpException(e: HTTPException): ApiError {
  switch (e.status) {
    case 415:
      return new ApiError("unsupported_media_type", "Content-Type must be application/json");
    case 413:
      return new ApiError("payload_too_large", "Request body exceeds 1 MiB");
    case 400:
      return new ApiError("invalid_json", "Request body is not valid JSON");
    case 401:
      return new ApiError("unauthorized", "Missing or invalid API key");
    case 404:
      return new ApiError("not_found", "Not found");
    default:
      return new ApiError("internal_error", "Internal error");
  }
}

/**
 * The embedded settlement service: every /v0 and /v1 route, with request ids, JSON parsing, key
 * auth, rate limits and one error envelope. The same app runs inside Next and on node:http.
 */
export function createServiceApp(deps: ServiceDeps): ServiceApp {
  const app: ServiceApp = new OpenAPIHono<ServiceEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const details = zodIssuesToDetails(result.error.issues);
        throw new ApiError("validation_error", validationMessage(details), details);
      }
    },
  });
  const routes = createRouteTable(app);
  const limiter = new RateLimiter(deps.db, deps.config.rateLimitPerMinute, () => deps.clock.now().getTime());
  const authenticate = authenticateAndLimit(limiter);
  const countUnrouted = countIfKeyed(limiter);

  // The request log (decision D11): asked as a request starts, told once its answer is made.
  const resourceIdOf = (path: string): string | null => {
    const segments = path.split("/");
    for (let i = 0; i < segments.length; i++) {
      // A NUL-bearing id was refused with a 400; PostgreSQL could not store it anyway.
      if (routes.paramAt(path, i)) return safeDecode(segments[i]).replaceAll("\u0000", "") || null;
    }
    return null;
  };
  const logger = deps.config.requestLog === false ? null : requestLogger(resourceIdOf);
  const logged = (c: Context<ServiceEnv>, answer: Promise<void>): Promise<void> => {
    if (!logger?.wants(c)) return answer;
    const started = performance.now();
    c.set("logStarted", started);
    return answer.then(() => logger.record(c, started));
  };

  // One middleware for the frame of every request (each layer costs promises, and inside Next
  // every promise pays for its async context): request id, deps, then for known routes the key,
  // the rate limit, the URL's NUL guard and the JSON body. Unknown paths and methods are
  // answered by notFound; a valid key on them is still counted and gets its RateLimit headers.
  // Outermost: every answer, errors included, counted and logged by route pattern (lib/observability).
  app.use("*", (c, next) => {
    const started = performance.now();
    const route = routes.routeOf(c.req.method, c.req.path);
    c.set("route", route);
    return next().then(() => observeApiRequest(c, route, started));
  });
  app.use("*", (c, next) =>
    requestId(c, () => {
      c.set("deps", deps);
      c.set("serviceDeps", deps);
      if (c.req.path === OPENAPI_PATH) return next();
      // The operator's key administration: its own token, never the request log (admin/api-keys.ts).
      if (c.req.path === ADMIN_PREFIX || c.req.path.startsWith(`${ADMIN_PREFIX}/`)) {
        return handleAdminKeys(c).then((res) => {
          c.res = res;
        });
      }
      if (c.get("route") === "unmatched") return logged(c, countUnrouted(c, next) as Promise<void>);
      return logged(
        c,
        authenticate(c, () => {
          rejectNulInUrl(c, (i) => routes.paramAt(c.req.path, i));
          const caller = c.get("caller");
          if (caller.environment !== "sandbox") return jsonBody(c, next);
          // The sandbox reads its account's clock (decision D8.3); usually a cached offset.
          const cached = cachedSandboxOffset(deps.db, caller.accountId);
          if (cached !== undefined) {
            c.set("deps", depsAt(deps, cached));
            return jsonBody(c, next);
          }
          return sandboxOffset(deps.db, caller.accountId).then((offset) => {
            c.set("deps", depsAt(deps, offset));
            return jsonBody(c, next);
          });
        }) as Promise<void>,
      );
    }),
  );

  app.openapiRoutes(ROUTES);
  let document: unknown;
  app.get(OPENAPI_PATH, (c) => {
    document ??= buildOpenApiDocument(app);
    return c.json(document as Record<string, unknown>);
  });

  app.notFound((c) => {
    const error =
      routes.match(c.req.method, c.req.path) === "method_not_allowed"
        ? new ApiError("method_not_allowed", `${c.req.method} is not allowed on ${c.req.path}`, undefined, {
            Allow: routes.allowed(c.req.path).join(", "),
          })
        : new ApiError("not_found", `No route ${c.req.method} ${c.req.path}`);
    return errorResponse(c as Context<ServiceEnv>, error);
  });

  app.onError((err, c) => {
    let res: Response;
    if (err instanceof ApiError) res = errorResponse(c, err);
    else if (err instanceof HTTPException) res = errorResponse(c, fromHttpException(err));
    else if (isDatabaseUnavailable(err)) {
      // The database is away (a restart, a failover): 503 with Retry-After, never a 500 (issue 49).
      markDatabaseLost(err);
      res = errorResponse(c, databaseUnavailable());
    } else {
      console.error(`[service] ${c.req.method} ${c.req.path} failed (request ${c.get("requestId")}):`, safeError(err));
      res = errorResponse(
        c,
        new ApiError("internal_error", "Internal error; the request id identifies it in the logs"),
      );
    }
    // The log hears of an error here too, with the answer it became (recorded once: middleware.ts).
    const started = c.get("logStarted");
    if (logger && started !== undefined) {
      c.res = res;
      logger.record(c, started);
      // Hono's setter moved the body into a new Response (merging an earlier answer's headers when
      // the error came after a handler had answered, as a failed commit does): return that one,
      // since the body of `res` is now locked and Hono would wrap it once more.
      return c.res;
    }
    return res;
  });

  return app;
}
