/**
 * The request log (extension, decision D11): every keyed /v0 and /v1 call of the key's
 * account and environment.
 */
import { z } from "@/lib/schemas/zod";
import { enumMessage, isoTimestamp } from "./common";
import { pageQuery } from "./list";

import { LOGGED_METHODS, STATUS_CLASSES } from "./request-log-values";

export { CONSOLE_USER_AGENT_PREFIX, LOGGED_METHODS, STATUS_CLASSES } from "./request-log-values";

const body = z.unknown().nullable().meta({
  description:
    "The JSON body as sent (bank identifiers masked), or its first 16 KiB as a string when larger or not JSON; null when there was none",
});

export const requestLogSchema = z
  .object({
    id: z.string(),
    request_id: z.string(),
    at: isoTimestamp,
    method: z.string(),
    path: z.string(),
    query: z.string().meta({ description: "The query string without its leading ?, or empty" }),
    status: z.number().int(),
    duration_ms: z.number().int().min(0),
    key_prefix: z.string().meta({ description: "The API key's first 14 characters" }),
    idempotency_key: z.string().nullable(),
    idempotent_replayed: z.boolean(),
    resource_id: z.string().nullable().meta({ description: "The resource the call created or addressed" }),
    request_body: body,
    response_body: body,
    user_agent: z.string().nullable().meta({
      description: "The caller's User-Agent (first 200 characters); the console's own calls send settlement-console/…",
    }),
  })
  .meta({ id: "RequestLogEntry", "x-extension": true });

/**
 * An entry as the list gives it: with `bodies=omit` (extension) it leaves out both bodies, which
 * are most of an entry's bytes; GET /v0/request-logs/{id} always has them.
 */
export const requestLogListEntrySchema = requestLogSchema
  .extend({ request_body: body.optional(), response_body: body.optional() })
  .meta({ id: "RequestLogListEntry", "x-extension": true });
export type RequestLogListEntry = z.output<typeof requestLogListEntrySchema>;

export type RequestLogEntry = z.output<typeof requestLogSchema>;

export const requestLogQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(STATUS_CLASSES, { error: enumMessage(STATUS_CLASSES) }).optional(),
  method: z.enum(LOGGED_METHODS, { error: enumMessage(LOGGED_METHODS) }).optional(),
  path: z.string().min(1).max(512).optional().meta({ description: "Exact path, or a prefix ending in *" }),
  idempotency_key: z.string().min(1).max(255).optional(),
  resource_id: z.string().min(1).max(64).optional(),
  user_agent_not: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: "Leaves out calls whose User-Agent starts with this" }),
  bodies: z
    .enum(["include", "omit"], { error: enumMessage(["include", "omit"]) })
    .optional()
    .meta({ description: "omit leaves request_body and response_body out of every entry (default include)" }),
});
export type RequestLogQuery = z.output<typeof requestLogQuerySchema>;
