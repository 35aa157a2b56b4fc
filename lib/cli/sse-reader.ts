import { createParser } from "eventsource-parser";

/**
 * Server-sent events read from a byte stream (the CLI's side of /api/cli/listen), parsed by
 * `eventsource-parser` (the WHATWG reading: LF, CRLF or a bare CR ends a line; a block without
 * data dispatches nothing; comments such as the heartbeat's `: ping` are no event). `onActivity`
 * fires on every chunk, so a watchdog can tell a quiet stream from a dead one.
 */
export type SseMessage = { event: string; id: string | null; data: string };

export async function* readSse(
  body: ReadableStream<Uint8Array>,
  onActivity: () => void = () => {},
): AsyncGenerator<SseMessage> {
  const ready: SseMessage[] = [];
  const parser = createParser({
    onEvent: (message) => ready.push({ event: message.event ?? "message", id: message.id ?? null, data: message.data }),
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      onActivity();
      parser.feed(decoder.decode(value, { stream: true }));
      while (ready.length > 0) yield ready.shift() as SseMessage;
    }
  } finally {
    reader.releaseLock();
  }
}
