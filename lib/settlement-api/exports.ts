import "server-only";
import type { z } from "zod";
import type { Environment } from "@/lib/schemas/catalog";
import { disbursementSchema } from "@/lib/schemas/disbursement";
import { exportEndSchema } from "@/lib/schemas/export";
import { paymentSchema } from "@/lib/schemas/payment";
import { settlementRequestSchema } from "@/lib/schemas/settlement-request-response";
import { failureOf, openCall, readJson } from "./client";

const SCHEMAS = {
  "settlement-requests": settlementRequestSchema,
  payments: paymentSchema,
  disbursements: disbursementSchema,
} as const;
export type ExportKind = keyof typeof SCHEMAS;
export type Exported<K extends ExportKind> = z.output<(typeof SCHEMAS)[K]>;

/** A stream that says nothing for this long is given up (a remote service that stopped mid-way). */
const IDLE_MS = 60_000;
const MAX_RATE_LIMITED = 12;
const MAX_WAIT_SECONDS = 60;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Every row of a kind created in [from, to), newest first, through the API's streamed export
 * (GET /v0/exports/{kind}, extension, issue 57, decisions D6.9): one call, whatever the window
 * holds, each line checked against the row's schema as it comes, so a month is read at the
 * speed the service writes it rather than at a page per rate-limit slot. A 429 before the stream
 * starts waits for its Retry-After and asks again; an error, a row of an unknown shape or a
 * stream that ends without `export_end` (or with another count) throws with the reason, so no
 * caller takes a cut stream for the whole window.
 */
export async function* exportRows<K extends ExportKind>(
  environment: Environment,
  kind: K,
  from: string,
  to: string,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): AsyncGenerator<Exported<K>> {
  const idle = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const stillAlive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(new DOMException("no data", "TimeoutError")), IDLE_MS);
    timer.unref();
  };
  const path = `/v0/exports/${kind}`;
  let res: Response | undefined;
  for (let limited = 0; !res; ) {
    stillAlive();
    const opened = await openCall(
      environment,
      { method: "GET", path, query: { created_from: from, created_to: to } },
      idle.signal,
    );
    if (!opened.ok) throw new Error(`The service could not be read: ${opened.error.message}`);
    if (opened.res.ok) {
      res = opened.res;
      break;
    }
    const failure = failureOf(opened.res, await readJson(opened.res), `GET ${path}`);
    if (failure.kind === "api" && failure.status === 429 && ++limited <= MAX_RATE_LIMITED) {
      await (options.sleep ?? sleep)(Math.min(MAX_WAIT_SECONDS, failure.retryAfterSeconds ?? 1) * 1000);
      continue;
    }
    clearTimeout(timer);
    throw new Error(`The service answered: ${failure.message}`);
  }
  const schema = SCHEMAS[kind];
  let rows = 0;
  let ended: number | null = null;
  try {
    for await (const line of lines(res.body, stillAlive)) {
      if (ended !== null) throw new Error("The service's export went on after its end.");
      const value = JSON.parse(line) as unknown;
      // The end line is told by its `object` before any schema is tried: a failed safeParse builds
      // its issues, and trying the end's schema on each of 300,000 rows cost seconds (issue 57).
      if ((value as { object?: unknown } | null)?.object === "export_end") {
        const end = exportEndSchema.safeParse(value);
        if (!end.success) throw new Error("The service's export ended with a malformed end line.");
        ended = end.data.rows;
        continue;
      }
      const row = schema.safeParse(value);
      if (!row.success) {
        const issue = row.error.issues[0];
        throw new Error(
          `The service's export holds a row of an unexpected shape (row ${rows + 1}${issue ? `: ${issue.path.join(".")} ${issue.message}` : ""}).`,
        );
      }
      rows++;
      yield row.data as Exported<K>;
    }
  } finally {
    clearTimeout(timer);
  }
  if (ended === null) throw new Error(`The service's export stopped after ${rows} rows, before its end.`);
  if (ended !== rows) throw new Error(`The service's export says ${ended} rows and gave ${rows}.`);
}

/** The lines of a body as they arrive (each without its "\n"); `heard` is called for every chunk. */
async function* lines(body: ReadableStream<Uint8Array> | null, heard: () => void): AsyncGenerator<string> {
  if (!body) return;
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    heard();
    rest += decoder.decode(chunk, { stream: true });
    const complete = rest.split("\n");
    rest = complete.pop() ?? "";
    for (const line of complete) if (line.trim()) yield line;
  }
  rest += decoder.decode();
  if (rest.trim()) yield rest;
}
