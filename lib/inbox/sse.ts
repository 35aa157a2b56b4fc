import "server-only";
import { safeError } from "@/lib/observability/safe-error";

/** One frame: `id` becomes the browser's Last-Event-ID, so a reconnect resumes after it. */
export type SseFrame = { id?: number; event?: string; data: unknown };

const HEARTBEAT_MS = 15_000;
const RECONNECT_MS = 1_000;
/** How often an open stream asks whether its person may still have it (a minute; shorter only in tests). */
const RECHECK_MS = Number(process.env.LIVE_STREAM_RECHECK_MS) || 60_000;

/** Every open stream of this process, by its close: counted for metrics, closed at shutdown. */
const holder = globalThis as typeof globalThis & { __openStreams?: Set<(retryMs?: number) => void> };
const openStreams = (holder.__openStreams ??= new Set());

export function openStreamCount(): number {
  return openStreams.size;
}

/**
 * Ends every open stream with a retry hint (graceful shutdown): the browser reconnects after
 * `retryMs`, to another instance or this one restarted, and resumes from Last-Event-ID.
 */
export function closeAllStreams(retryMs = RECONNECT_MS): number {
  const closing = [...openStreams];
  for (const close of closing) close(retryMs);
  return closing.length;
}

export function frameText(frame: SseFrame): string {
  const lines: string[] = [];
  if (frame.event) lines.push(`event: ${frame.event}`);
  if (frame.id !== undefined) lines.push(`id: ${frame.id}`);
  // JSON has no raw newlines, so one data line carries the whole payload.
  lines.push(`data: ${JSON.stringify(frame.data)}`);
  return `${lines.join("\n")}\n\n`;
}

/** Where to resume: the Last-Event-ID header (a reconnect) or ?after= (the page's first data), else 0. */
export function resumeAfter(request: Request): number {
  const header = request.headers.get("last-event-id");
  const query = new URL(request.url).searchParams.get("after");
  for (const value of [header, query]) {
    if (value && /^\d{1,15}$/.test(value)) return Number(value);
  }
  return 0;
}

/**
 * A server-sent event stream that pulls: first everything after `after` (catch-up), then again
 * each time `subscribe` wakes it. Pulls never overlap and each resumes after the last id sent,
 * so a burst of wake-ups sends every row once, in order.
 */
export function pullStream(options: {
  request: Request;
  after: number;
  hello?: SseFrame;
  pull: (after: number) => Promise<Array<SseFrame & { id: number }>>;
  subscribe: (wake: () => void) => () => void;
  /** Notices that are not rows to resume from (no id): sent as they come, or the stream closed; returns the stop. */
  push?: (send: (frame: SseFrame) => void, close: () => void) => () => void;
  /** Asked every minute: false closes the stream (the person was disabled, demoted, signed out). */
  stillAllowed?: () => Promise<boolean>;
  /** Called once when the stream closes, whoever closed it. */
  onClose?: () => void;
}): Response {
  const encoder = new TextEncoder();
  let lastId = options.after;
  let closed = false;
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      let running: Promise<void> | null = null;
      let again = false;
      // Pulls until a pull brings nothing new: a pull reads a page at a time, so a catch-up longer
      // than a page (a CLI back from a sleep) goes on without waiting for the next arrival.
      const drain = async () => {
        let sent = 0;
        do {
          again = false;
          sent = 0;
          const frames = await options.pull(lastId);
          for (const frame of frames) {
            if (frame.id <= lastId) continue;
            lastId = frame.id;
            send(frameText(frame));
            sent++;
          }
        } while ((again || sent > 0) && !closed);
      };
      const wake = () => {
        if (closed) return;
        if (running) {
          again = true;
          return;
        }
        running = drain()
          .catch((error: unknown) => console.error("[inbox] stream pull failed:", safeError(error)))
          .finally(() => {
            running = null;
          });
      };
      const unsubscribe = options.subscribe(wake);
      const unpush =
        options.push?.(
          (frame) => send(frameText(frame)),
          () => close(),
        ) ?? (() => {});
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const recheck = options.stillAllowed
        ? setInterval(() => {
            options.stillAllowed?.().then(
              (allowed) => allowed || close(),
              () => undefined,
            );
          }, RECHECK_MS)
        : null;
      const close = (retryMs?: number) => {
        if (closed) return;
        if (retryMs !== undefined) send(`retry: ${retryMs}\n\n`);
        closed = true;
        openStreams.delete(close);
        clearInterval(heartbeat);
        if (recheck) clearInterval(recheck);
        options.onClose?.();
        unsubscribe();
        unpush();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      cleanup = close;
      openStreams.add(close);
      options.request.signal.addEventListener("abort", () => close());
      send(`retry: ${RECONNECT_MS}\n\n`);
      if (options.hello) send(frameText(options.hello));
      wake();
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
