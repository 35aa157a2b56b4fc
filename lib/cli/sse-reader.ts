/**
 * Server-sent events read from a byte stream (the CLI's side of /api/cli/listen): one frame per
 * blank-line-terminated block, `event`, `id`, `data` (lines joined), `retry`; comment lines (the
 * heartbeat's `: ping`) are reported as activity only. `onActivity` fires on every chunk, so a
 * watchdog can tell a quiet stream from a dead one.
 */
export type SseMessage = { event: string; id: string | null; data: string; retry: number | null };

export async function* readSse(
  body: ReadableStream<Uint8Array>,
  onActivity: () => void = () => {},
): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = body.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      onActivity();
      buffer += decoder.decode(value, { stream: true });
      let end = blockEnd(buffer);
      while (end) {
        const block = buffer.slice(0, end.index);
        buffer = buffer.slice(end.index + end.length);
        const message = parseBlock(block);
        if (message) yield message;
        end = blockEnd(buffer);
      }
    }
  } finally {
    reader.releaseLock();
  }
}

function blockEnd(buffer: string): { index: number; length: number } | null {
  const match = /\r?\n\r?\n/.exec(buffer);
  return match ? { index: match.index, length: match[0].length } : null;
}

/** One block, or null when it carries nothing but comments (a heartbeat). */
export function parseBlock(block: string): SseMessage | null {
  let event = "message";
  let id: string | null = null;
  let retry: number | null = null;
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split(/\r?\n/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    fields++;
    if (name === "event") event = value;
    else if (name === "id") id = value;
    else if (name === "data") data.push(value);
    else if (name === "retry" && /^\d+$/.test(value)) retry = Number(value);
  }
  if (fields === 0) return null;
  return { event, id, data: data.join("\n"), retry };
}
