import type { ListenDelivery, ListenEnd, ListenHello } from "../listen/types";
import type { ListenOptions } from "./args";
import { CliFailure, getJson, postJson, readToken, refusalText } from "./console-client";
import { FORWARD_RETRY_DELAYS_MS, forwardWithRetries, refusedArrival, type ForwardResult } from "./forward";
import { deliveryRecord, formatDelivery } from "./output";
import { readSse } from "./sse-reader";

/**
 * `settlement-console listen` (decisions D18.6): reads the console's listen stream and forwards
 * each delivery, byte for byte, to --forward-to, one at a time, in order (a delivery the handler
 * fails with a 5xx or no answer is sent again, a few times, before the next). The stream is resumed
 * by itself after a drop, a sleep or a restart of the console, with Last-Event-ID, so nothing
 * is missed; each forward is reported back, so a CLI started again later resumes after it.
 */
export type Io = {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  color: boolean;
  /** Resolves when the person asks to stop (Ctrl-C, SIGTERM). */
  stopped: Promise<void>;
};

/** No byte (not even the 15 s heartbeat) for this long: the connection is dead, reconnect. */
const SILENCE_MS = 45_000;
/** The wall clock jumped this much further than the timer: the laptop slept. */
const SLEEP_JUMP_MS = 15_000;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000];

export async function listen(options: ListenOptions, io: Io): Promise<number> {
  const token = readToken(options.tokenFile, io.env);
  if (options.printSecret) {
    const response = await getJson(`${options.url}/api/cli/listen/secret`, token).catch((error: unknown) => {
      throw new CliFailure(`Cannot reach the console at ${options.url}: ${(error as Error).message}`, 1);
    });
    if (!response.ok) throw new CliFailure(await refusalText(response), 1);
    io.out(((await response.json()) as { secret: string }).secret);
    return 0;
  }
  const forwardTo = options.forwardTo as string;
  const query = new URLSearchParams({ forward_to: forwardTo });
  if (options.events) query.set("events", options.events.join(","));
  if (options.since) query.set("since", options.since);

  let lastEventId: string | null = null;
  let sessionId: string | null = null;
  let connectedOnce = false;
  let failures = 0;
  let stopping = false;
  let current: AbortController | null = null;
  void io.stopped.then(() => {
    stopping = true;
    current?.abort();
  });

  while (!stopping) {
    const controller = new AbortController();
    current = controller;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: "text/event-stream",
      "User-Agent": "settlement-console-cli",
    };
    if (lastEventId) headers["Last-Event-ID"] = lastEventId;
    if (sessionId) headers["X-Listen-Session"] = sessionId;
    // --since applies to the first connection only; later ones resume from Last-Event-ID.
    if (connectedOnce) query.delete("since");
    let response: Response;
    try {
      response = await fetch(`${options.url}/api/cli/listen?${query}`, { headers, signal: controller.signal });
    } catch (error) {
      if (stopping) break;
      const wait = BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)];
      io.err(`Cannot reach the console at ${options.url} (${reason(error)}); retrying in ${wait / 1000} s.`);
      await pause(wait, io.stopped);
      continue;
    }
    if (response.status === 429 || response.status >= 500) {
      const wait =
        Number(response.headers.get("retry-after")) * 1000 || BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)];
      io.err(
        `The console answered ${response.status}: ${await refusalText(response)}. Retrying in ${Math.round(wait / 1000)} s.`,
      );
      await pause(wait, io.stopped);
      continue;
    }
    if (!response.ok || !response.body) throw new CliFailure(await refusalText(response), 1);
    failures = 0;

    // A dead connection says nothing: a silence past the heartbeat, or a jump of the wall clock (a sleep), ends it.
    let lastActivity = Date.now();
    let lastTick = Date.now();
    let why = "the console closed the connection";
    const watchdog = setInterval(() => {
      const now = Date.now();
      if (now - lastTick > SLEEP_JUMP_MS + 5_000) {
        why = "the computer slept";
        controller.abort();
      } else if (now - lastActivity > SILENCE_MS) {
        why = `no heartbeat for ${SILENCE_MS / 1000} s`;
        controller.abort();
      }
      lastTick = now;
    }, 5_000);
    try {
      for await (const message of readSse(response.body, () => (lastActivity = Date.now()))) {
        if (message.event === "hello") {
          const hello = JSON.parse(message.data) as ListenHello;
          if (!connectedOnce) {
            io.err(
              `Ready. Forwarding sandbox events of ${hello.person} to ${forwardTo}${hello.event_types ? ` (only ${hello.event_types.join(", ")})` : ""}. Session ${hello.session_id}. Ctrl-C to stop.`,
            );
            if (hello.start === "resume")
              io.err(`Catching up on events since your last listen (after #${hello.after}).`);
          } else {
            io.err(`Reconnected; resuming after event #${lastEventId ?? hello.after}.`);
          }
          sessionId = hello.session_id;
          connectedOnce = true;
          continue;
        }
        if (message.event === "end") {
          const end = JSON.parse(message.data) as ListenEnd;
          throw new CliFailure(`This listening session was ended: ${end.reason}.`, 1);
        }
        if (message.event !== "delivery") continue;
        const delivery = JSON.parse(message.data) as ListenDelivery;
        // Only what the service itself signed reaches the handler: the console's word (refused)
        // and the verdict are both checked, so an older console cannot make the CLI forward a forgery.
        const result: ForwardResult =
          delivery.refused !== undefined || delivery.service_signature !== "valid"
            ? refusedArrival(delivery)
            : await forwardWithRetries(
                forwardTo,
                new Uint8Array(Buffer.from(delivery.body_base64, "base64")),
                delivery.headers,
                {
                  stopped: io.stopped,
                  onRetry: (failed, attempt, wait) => {
                    // The stream is not read while the handler is retried: this is not a silent connection.
                    lastActivity = Date.now();
                    io.err(
                      `Delivery #${delivery.seq}: ${failed.verdict}; sending it again in ${wait / 1000} s (try ${attempt + 1} of ${FORWARD_RETRY_DELAYS_MS.length + 1}).`,
                    );
                  },
                },
              );
        lastActivity = Date.now();
        lastEventId = message.id ?? String(delivery.seq);
        io.out(formatDelivery(deliveryRecord(delivery, result), options.format, io.color));
        await report(options.url, token, sessionId, delivery.seq, result, io);
        if (options.once || (options.until && delivery.event_type === options.until)) {
          if (sessionId) await stopSession(options.url, token, sessionId);
          return result.ok ? 0 : 1;
        }
        if (stopping) break;
      }
    } catch (error) {
      if (error instanceof CliFailure) throw error;
      if (!stopping && !controller.signal.aborted) why = reason(error);
    } finally {
      clearInterval(watchdog);
    }
    if (stopping) break;
    io.err(`Connection lost (${why}); reconnecting…`);
    await pause(BACKOFF_MS[0], io.stopped);
  }
  if (sessionId) await stopSession(options.url, token, sessionId);
  return 0;
}

/** Says the session stopped here (the Inbox page shows it ended); a console out of reach shows it gone quiet instead. */
async function stopSession(url: string, token: string, sessionId: string): Promise<void> {
  await fetch(`${url}/api/cli/listen/sessions/${sessionId}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${token}`, "User-Agent": "settlement-console-cli" },
    signal: AbortSignal.timeout(3_000),
  }).catch(() => undefined);
}

/** Tells the console how a forward went (counts on the Inbox page, where a restart resumes). A failure here never stops forwarding. */
async function report(
  url: string,
  token: string,
  sessionId: string | null,
  seq: number,
  result: { status: number | null; durationMs: number; verdict: string },
  io: Io,
) {
  if (!sessionId) return;
  try {
    const response = await postJson(`${url}/api/cli/listen/sessions/${sessionId}/deliveries`, token, {
      seq,
      status: result.status,
      duration_ms: Math.min(result.durationMs, 600_000),
      verdict: result.verdict.slice(0, 120),
    });
    await response.arrayBuffer().catch(() => undefined);
  } catch (error) {
    io.err(`Could not report delivery #${seq} to the console (${reason(error)}).`);
  }
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
}

function pause(ms: number, stopped: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void stopped.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
