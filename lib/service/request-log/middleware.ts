import "server-only";
import { EXPORT_MEDIA_TYPE } from "@/lib/schemas/export";
import type { Context } from "hono";
import { randomBytes } from "node:crypto";
import type { ServiceEnv } from "../context";
import { loggedBody, loggedText } from "./entry";
import { requestLogWriter } from "./writer";

const UNLOGGED = /^\/v0\/(request-logs(\/|$)|openapi\.json$)/;

/**
 * Logs every call that carried a valid key (decision D11). The app's frame asks `wants` as a
 * request starts (a full buffer drops it, counted, before anything is spent on it) and calls
 * `record` once the answer is made, the error handler too (an error reaches both; the first
 * records it, once); the entry is built from a clone of
 * the response and handed to the batch writer, so the answer never waits for the log.
 * `resourceIdOf` names the resource a path addresses.
 */
export function requestLogger(resourceIdOf: (path: string) => string | null) {
  return {
    /** Whether this request will be logged: not for the log's own reads or openapi.json, nor when the buffer is full. */
    wants(c: Context<ServiceEnv>): boolean {
      if (UNLOGGED.test(c.req.path)) return false;
      return requestLogWriter(c.get("serviceDeps").db).hasRoom();
    },
    record(c: Context<ServiceEnv>, started: number): void {
      const caller = c.get("caller");
      if (!caller || c.get("logRecorded")) return;
      c.set("logRecorded", true);
      recordEntry(c, caller, started, resourceIdOf);
    },
  };
}

function recordEntry(
  c: Context<ServiceEnv>,
  caller: NonNullable<ServiceEnv["Variables"]["caller"]>,
  started: number,
  resourceIdOf: (path: string) => string | null,
): void {
  const writer = requestLogWriter(c.get("serviceDeps").db);
  const durationMs = Math.round(performance.now() - started);
  const deps = c.get("deps");
  const at = deps.clock.now();
  const res = c.res;
  // A streamed export (issue 57) is not kept: its body may be a month of rows; the entry says what it was.
  const streamed = res.headers.get("content-type")?.startsWith(EXPORT_MEDIA_TYPE) === true;
  const response = streamed
    ? Promise.resolve(`(a streamed export, ${EXPORT_MEDIA_TYPE}: not kept)`)
    : res.body
      ? res.clone().text()
      : Promise.resolve("");
  const url = new URL(c.req.url);
  const key = c.req.header("x-api-key") ?? "";
  const parsed = c.get("body");
  const cached = (c.req.bodyCache as Record<string, Promise<string> | undefined>).text;
  void Promise.all([response, parsed !== undefined ? JSON.stringify(parsed) : (cached ?? "")])
    .then(([responseText, requestText]) => {
      const created = res.status === 201 ? idOf(responseText) : null;
      writer.push({
        id: nextEntryId(),
        accountId: caller.accountId,
        environment: caller.environment,
        requestId: c.get("requestId"),
        at,
        method: c.req.method,
        path: loggedText(url.pathname.slice(0, MAX_PATH), key),
        query: loggedText(url.search.replace(/^\?/, "").slice(0, MAX_QUERY), key),
        status: res.status,
        durationMs,
        keyPrefix: key.slice(0, 14),
        // Every field a caller chose is kept with its credentials cut, as the path and bodies are (issue 42).
        idempotencyKey: scrubbed((c.req.header("idempotency-key") ?? idempotencyKeyInBody(parsed))?.slice(0, 255), key),
        idempotentReplayed: res.headers.get("idempotent-replayed") === "true",
        resourceId: scrubbed(asResourceId(created ?? resourceIdOf(url.pathname)), key),
        userAgent: scrubbed(c.req.header("user-agent")?.slice(0, 200), key),
        requestBody: loggedBody(requestText, key),
        responseBody: loggedBody(responseText, key, { banksMasked: true }),
      });
    })
    .catch((error) => console.error("[service] request log entry lost:", (error as Error).message));
}

/** Bounds on what one entry stores: a stranger's 400 KB path must not cost the batch it rides in. */
const MAX_PATH = 2048;
const MAX_QUERY = 4096;
/** Our ids are at most 64 characters; anything longer is no resource (and would not fit the index). */
function asResourceId(id: string | null): string | null {
  return id && id.length <= 64 ? id : null;
}

let sequence = 0;
function scrubbed(value: string | null | undefined, key: string): string | null {
  return value ? loggedText(value, key) : null;
}

/** Ids sort in the order entries were made (time, then a per-process counter), so newest first holds within a millisecond. */
function nextEntryId(): string {
  sequence = (sequence + 1) % 1_679_616;
  return `req_${Date.now().toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${randomBytes(6).toString("hex")}`;
}

function idOf(text: string): string | null {
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}

function idempotencyKeyInBody(body: unknown): string | null {
  const key = body && typeof body === "object" ? (body as Record<string, unknown>).idempotency_key : undefined;
  return typeof key === "string" ? key : null;
}
