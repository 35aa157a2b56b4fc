import "server-only";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { EVENT_ID_HEADER, REPLAY_HEADER, SIGNATURE_HEADER, signatureHeader } from "@/lib/webhooks/signature";
import {
  addressAllowed,
  guardedLookupFor,
  isBlockedAddress,
  isLoopbackAddress,
  urlHost,
  type TargetPolicy,
} from "@/lib/http/url-guard";

/** What one attempt came to: recorded as is (decisions D9). */
export interface AttemptResult {
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  /** The first 1 KiB of the answer. */
  responseBody: string | null;
  error: string | null;
}

export interface SendRequest {
  url: string;
  /** Which addresses this endpoint may reach (its environment, and the sandbox setting). */
  policy: TargetPolicy;
  /** The secret that signs it; none for a POST that is not a webhook (a notice to a team's chat). */
  secret?: string;
  /** Secrets that sign too: the old one during a rotation's overlap (a second v1, issue 63). */
  alsoSignedWith?: readonly string[];
  /** A replay sending it again (issue 63): said in X-Service-Replay. */
  replayId?: string | null;
  eventId: string;
  body: string;
  timeoutMs: number;
}

export const RESPONSE_KEEP_BYTES = 1024;
/** Past this much answer we stop reading (and drop the connection). */
const RESPONSE_READ_LIMIT = 64 * 1024;
const USER_AGENT = "SettlementService-Webhooks/1.0";
const lookups = {
  public: guardedLookupFor("public"),
  "sandbox-public": guardedLookupFor("sandbox-public"),
  "public-or-loopback": guardedLookupFor("public-or-loopback"),
  "private-not-loopback": guardedLookupFor("private-not-loopback"),
};

// Keep-alive: most deliveries go to a few receivers. Idle sockets close after 4 s, before
// node's default server keep-alive timeout (5 s), so a reused socket is rarely a dead one.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 }),
};

/** Text for the attempt log: the first bytes, no NULs (PostgreSQL text refuses them). */
function keptText(chunks: Buffer[]): string {
  return Buffer.concat(chunks)
    .subarray(0, RESPONSE_KEEP_BYTES)
    .toString("utf8")
    .replace(/\u0000/g, "")
    .slice(0, RESPONSE_KEEP_BYTES);
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof TimeoutError) return `timed out after ${timeoutMs} ms`;
  const e = error as NodeJS.ErrnoException;
  const code = e?.code ? ` (${e.code})` : "";
  return `${e?.message ?? String(error)}${code}`.slice(0, 500);
}

class TimeoutError extends Error {}

/** Whether a receiver's answer is kept: public and (where allowed at all) loopback peers, never a private network's. */
export function answerReadable(peer: string | null): boolean {
  return peer !== null && (!isBlockedAddress(peer) || isLoopbackAddress(peer));
}

interface RawOutcome {
  status: number | null;
  location: string | null;
  kept: Buffer[];
  error: unknown;
  reusedSocket: boolean;
  /** The address the answer came from. */
  peer: string | null;
}

function postOnce(req: SendRequest, url: URL, deadline: number): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const body = Buffer.from(req.body, "utf8");
    const t = Math.floor(Date.now() / 1000); // wall time: receivers check it against their own clocks
    const secure = url.protocol === "https:";
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let readBytes = 0;
    let settled = false;
    let status: number | null = null;
    let location: string | null = null;
    let peer: string | null = null;
    const finish = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, location, kept, error, reusedSocket: request.reusedSocket, peer });
    };
    const request = (secure ? https : http).request(url, {
      method: "POST",
      agent: secure ? agents.https : agents.http,
      // Connect only to addresses the policy allows (IP literals are checked by the caller,
      // since node skips lookup for them).
      ...(req.policy === "any" ? {} : { lookup: lookups[req.policy] }),
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(body.length),
        "User-Agent": USER_AGENT,
        ...(req.secret === undefined
          ? {}
          : {
              [SIGNATURE_HEADER]: signatureHeader([req.secret, ...(req.alsoSignedWith ?? [])], body, t),
              [EVENT_ID_HEADER]: req.eventId,
            }),
        ...(req.replayId ? { [REPLAY_HEADER]: req.replayId } : {}),
      },
    });
    const timer = setTimeout(
      () => {
        request.destroy(new TimeoutError("timeout"));
      },
      Math.max(1, deadline - Date.now()),
    );
    request.on("error", (error) => finish(error));
    request.on("response", (response) => {
      status = response.statusCode ?? null;
      peer = response.socket?.remoteAddress ?? null;
      location = typeof response.headers.location === "string" ? response.headers.location : null;
      response.on("data", (chunk: Buffer) => {
        readBytes += chunk.length;
        if (keptBytes < RESPONSE_KEEP_BYTES) {
          kept.push(chunk);
          keptBytes += chunk.length;
        }
        if (readBytes > RESPONSE_READ_LIMIT) {
          response.destroy();
          finish(null);
        }
      });
      response.on("end", () => finish(null));
      response.on("error", (error) => finish(status === null ? error : null));
      response.on("close", () => finish(null));
    });
    request.end(body);
  });
}

/**
 * POSTs one signed delivery; never throws. 2xx is success; 3xx is a failure (redirects are not
 * followed: a receiver could point us anywhere); the time limit covers connect to last byte.
 */
export async function sendDelivery(req: SendRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return { ok: false, httpStatus: null, durationMs: 0, responseBody: null, error: "invalid URL" };
  }
  const host = urlHost(url);
  if (req.policy === "public" && url.protocol !== "https:") {
    return {
      ok: false,
      httpStatus: null,
      durationMs: 0,
      responseBody: null,
      error: `refused: production endpoints need https (${url.protocol}//${host})`,
    };
  }
  if (isIP(host) && !addressAllowed(host, req.policy)) {
    return {
      ok: false,
      httpStatus: null,
      durationMs: 0,
      responseBody: null,
      error: `refused: ${host} is not an address this endpoint may reach`,
    };
  }
  const deadline = Date.now() + req.timeoutMs;
  let outcome = await postOnce(req, url, deadline);
  // A kept-alive socket the receiver closed just as we reused it: the request never arrived.
  const code = (outcome.error as NodeJS.ErrnoException | null)?.code;
  if (
    outcome.error &&
    outcome.status === null &&
    outcome.reusedSocket &&
    (code === "ECONNRESET" || code === "EPIPE") &&
    Date.now() < deadline
  ) {
    outcome = await postOnce(req, url, deadline);
  }
  const durationMs = elapsed();
  // What a receiver on a private, link-local or special-use address answered is not kept
  // (issue 42): a sandbox endpoint allowed onto such a network would otherwise read its services
  // back through the deliveries list. Its status is still recorded. Loopback is reached only
  // where the console allows it (a developer's own machine and receivers), and is kept there.
  const responseBody = outcome.status === null || !answerReadable(outcome.peer) ? null : keptText(outcome.kept);
  if (outcome.status === null) {
    return {
      ok: false,
      httpStatus: null,
      durationMs,
      responseBody,
      error: describeError(outcome.error, req.timeoutMs),
    };
  }
  const ok = outcome.status >= 200 && outcome.status < 300;
  let error: string | null = null;
  if (!ok) {
    error =
      outcome.status >= 300 && outcome.status < 400
        ? `redirect not followed (HTTP ${outcome.status}${outcome.location ? ` to ${outcome.location.slice(0, 200)}` : ""})`
        : `HTTP ${outcome.status}`;
  }
  return { ok, httpStatus: outcome.status, durationMs, responseBody, error };
}
